import CSystem
import Locking
import NavinspectCLI

// The heap in large pages, where the system has them (glibc on Linux): ElementIOS's index took
// 0.89 to 0.95 of the time and KeePassium's 0.97, with half the page faults (paired runs,
// benchmarks/paired_index.py; benchmarks/RESULTS.md).
_ = navinspect_advise_large_pages()

// The pool's threads are made now, while the command line is parsed, rather than when the first
// map (an index's listing) posts its work: 60 alternating runs of KeePassium's index took 3% less
// at the 10th, 50th and 90th percentiles (benchmarks/RESULTS.md).
_ = WorkerPool.shared
NavinspectCommand.main()
