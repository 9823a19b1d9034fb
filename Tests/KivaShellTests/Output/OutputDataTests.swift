import Foundation
import Testing

/// What programs read from `--json` and `--csv` when nothing matches, and the favourite
/// marks they see: the user's, not the data file's.
@Suite("Machine-readable output: empty views and favourites")
struct OutputDataTests {
  @Test("an empty list is [] in JSON and a header row in CSV; the note goes to stderr")
  func emptyLists() throws {
    let json = try OutputModeTests.stdout(#"--json -c 'filter max 100; list'"#)
    #expect(json.output == "[]\n")
    #expect(json.status == 0)
    let csv = try OutputModeTests.stdout(#"--csv -c 'filter max 100; list'"#)
    #expect(
      csv.output
        == "id,name,country,country_code,town,use,loan_amount,funded_amount,sector,activity,"
        + "status,posted_date\r\n")
    let favs = try OutputModeTests.stdout(#"--json -c 'favs'"#)
    #expect(favs.output == "[]\n")
    let search = try OutputModeTests.stdout(#"--json -c 'search zzzz'"#)
    #expect(search.output == "[]\n")
    let both = try BinaryRun.run(["--no-persist", "--json", "-c", "filter max 100; list"])
    #expect(
      both.output == "showing 0 of 20 loans below $100\n"
        + "nothing to list — showing 0 of 20 loans below $100\n[]\n")
  }

  @Test("isFavorite in JSON, CSV and export is the user's mark, not the file's")
  func favouriteMarks() throws {
    // Turtle Rock is a favourite in the data, Silver Salmon Creek is not: swap them.
    let csv = try OutputModeTests.stdout(#"--csv -c 'use landmarks; fav 1; fav 2; favs'"#)
    let rows = csv.output.split(separator: "\r\n").map { $0.split(separator: ",") }
    let marks = rows.dropFirst().map { "\($0[1]) \($0.last ?? "")" }
    #expect(
      marks == ["Silver Salmon Creek true", "Chilkoot Trail true", "St. Mary Lake true"],
      "\(csv.output)")
    let show = try OutputModeTests.stdout(#"--json -c 'use landmarks; fav 1; show 1'"#)
    #expect(show.output.contains(#""isFavorite":false"#), "\(show.output)")
    #expect(show.output.contains(#""name":"Turtle Rock""#))

    let directory = try TemporaryDirectory()
    _ = try OutputModeTests.stdout(
      #"-c 'use landmarks; fav 1; fav 2; export marks.json'"#, in: directory.url)
    let exported = try JSONSerialization.jsonObject(
      with: Data(contentsOf: directory.url.appendingPathComponent("marks.json")))
    let landmarks = try #require(exported as? [[String: Any]])
    let favourite = Dictionary(
      uniqueKeysWithValues: landmarks.compactMap { landmark in
        (landmark["name"] as? String).map { ($0, landmark["isFavorite"] as? Bool) }
      })
    #expect(favourite["Turtle Rock"] == false)
    #expect(favourite["Silver Salmon Creek"] == true)
  }
}
