import Testing
import TrackCore

/// The terrain along a route: linear between knots, held beyond them, its climb and descent summed, and
/// a profile that goes back, is not finite or is steeper than 100 % named where it goes wrong.
@Suite struct ElevationProfileTests {
  @Test func riseIsLinearBetweenKnotsAndHeldBeyond() {
    let profile = ElevationProfile(distances: [0, 100, 300], rises: [2, 12, 2])
    #expect(profile.rise(at: -5) == 2 && profile.rise(at: 0) == 2)
    #expect(profile.rise(at: 50) == 7 && profile.rise(at: 100) == 12 && profile.rise(at: 200) == 7)
    #expect(profile.rise(at: 300) == 2 && profile.rise(at: 1000) == 2)
    // The hinted search gives what the plain one does, forwards and after a jump back.
    var hint = 0
    for d in stride(from: -10.0, through: 310, by: 7.5) { #expect(profile.rise(at: d, hint: &hint) == profile.rise(at: d)) }
    #expect(profile.rise(at: 20, hint: &hint) == profile.rise(at: 20))
    let (ascent, descent) = profile.ascentAndDescent()
    #expect(ascent == 10 && descent == 10)
    #expect(profile.ascentAndDescent(upTo: 200) == (10, 5))
  }

  @Test func gradesBuildTheProfileFromTheStart() {
    let profile = ElevationProfile(segments: [(length: 200, grade: 0.05), (length: 100, grade: -0.1), (length: 50, grade: 0)])
    #expect(profile.distances == [0, 200, 300, 350] && profile.rises == [0, 10, 0, 0])
  }

  @Test func aBadProfileIsNamedWhereItGoesWrong() {
    #expect(ElevationProfile.problem(distances: [0, 100], rises: [0, 5]) == nil)
    #expect(ElevationProfile.problem(distances: [0, 100, 90], rises: [0, 5, 5])?.point == 2, "goes back in distance")
    #expect(ElevationProfile.problem(distances: [0, 100, 100], rises: [0, 5, 5])?.point == 2, "stands still in distance")
    #expect(ElevationProfile.problem(distances: [0, .nan], rises: [0, 5])?.point == 1)
    #expect(ElevationProfile.problem(distances: [0, 10], rises: [0, 30])?.found == "300 %")
    #expect(ElevationProfile.problem(distances: [5, 10], rises: [0, 0])?.point == 0)
    #expect(ElevationProfile.problem(distances: [0], rises: [0]) != nil)
  }
}
