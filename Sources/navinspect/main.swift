import Locking
import NavinspectCLI

// The pool's threads are made now, while the command line is parsed, rather than when the first
// map (an index's listing) posts its work: 60 alternating runs of KeePassium's index took 3% less
// at the 10th, 50th and 90th percentiles (benchmarks/RESULTS.md).
_ = WorkerPool.shared
NavinspectCommand.main()
