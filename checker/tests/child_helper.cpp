// A program that misbehaves on request, for the child-process runner's tests:
//   child_helper exit N | hang | segv | abort | allocate | touch MIB | print TEXT | flood
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

volatile int* volatile nowhere = nullptr;

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "exit" && argc > 2) return std::atoi(argv[2]);
    if (mode == "hang") {
        for (volatile unsigned long spin = 0;; spin = spin + 1) {
        }
    }
    if (mode == "segv") return *nowhere;
    if (mode == "abort") std::abort();
    if (mode == "allocate") {
        // Allocates and touches 64 MiB blocks until an allocation fails (the memory limit).
        std::vector<char*> blocks;
        try {
            for (;;) {
                volatile char* block = new char[64u << 20];
                for (std::size_t i = 0; i < (64u << 20); i += 4096) block[i] = 1;
                blocks.push_back(const_cast<char*>(block));
            }
        } catch (const std::bad_alloc&) {
            return 3;
        }
    }
    if (mode == "touch" && argc > 2) {
        // Touches this many MiB, then spins: only a watch on resident memory stops it.
        const std::size_t bytes = std::strtoull(argv[2], nullptr, 10) << 20;
        volatile char* block = static_cast<volatile char*>(std::malloc(bytes));
        if (block == nullptr) return 4;
        for (std::size_t i = 0; i < bytes; i += 4096) block[i] = 1;  // volatile: not optimised away
        for (volatile unsigned long spin = 0;; spin = spin + 1) {
        }
    }
    if (mode == "print" && argc > 2) {
        std::printf("%s\n", argv[2]);
        std::fprintf(stderr, "on stderr\n");
        return 0;
    }
    if (mode == "flood") {
        const std::string line(1024, 'x');
        for (;;) std::fwrite(line.data(), 1, line.size(), stdout);
    }
    return 2;
}
