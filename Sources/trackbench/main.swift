import Foundation

await TrackBenchCommand.runMain(Array(CommandLine.arguments.dropFirst()))
