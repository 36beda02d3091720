// The umbrella module: `import TrackBench` gives a user's package every public module at once.
@_exported import Evaluation
@_exported import Filtering
@_exported import Findings
@_exported import Harness
@_exported import NumericKit
@_exported import Realism
@_exported import Reporting
@_exported import Simulation
@_exported import Speed
@_exported import StandardSuite
@_exported import TrackCore
@_exported import TrackIO
@_exported import Transfer
@_exported import Tuning
