// `labcheck similarity --class DIR [--lab NN]... [--csv FILE] [--html FILE]`:
// compares every pair of a class's submissions per lab (see checker/similarity/)
// on this machine; no code leaves it.
#pragma once

namespace labcheck {

// argv[0] is "similarity". Returns the exit status: 0 done, 2 a usage or input error.
int similarity_main(int argc, char** argv);

}  // namespace labcheck
