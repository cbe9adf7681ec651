// A program that misbehaves on request, for the child-process runner's tests:
//   child_helper exit N | hang | segv | abort | allocate | touch MIB | print TEXT | flood
//                | progress-then-hang FILE | progress-then-spin FILE | compile-then-exit FILE MS
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
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
    if (mode == "progress-then-hang" && argc > 2) {
        // Appends two steps to a progress file, then hangs inside the third.
        for (const char* step : {"{\"event\":\"check-start\"}\n{\"event\":\"check\"}\n", "{\"event\":\"check-start\"}\n"}) {
            std::FILE* progress = std::fopen(argv[2], "a");
            if (progress == nullptr) return 5;
            std::fputs(step, progress);
            std::fclose(progress);
        }
        for (;;) pause();
    }
    if (mode == "progress-then-spin" && argc > 2) {
        // Starts a step, then spins in it: a hang that keeps its thread busy, as a kernel's does.
        std::FILE* progress = std::fopen(argv[2], "a");
        if (progress == nullptr) return 5;
        std::fputs("{\"event\":\"check-start\"}\n", progress);
        std::fclose(progress);
        for (volatile unsigned long spin = 0;; spin = spin + 1) {
        }
    }
    if (mode == "compile-then-exit" && argc > 3) {
        // A compile step of MS milliseconds (waiting, as a compiler does for its linker), then the end.
        for (const char* line : {"{\"event\":\"compile-start\",\"what\":\"submission\"}\n", "pause",
                                 "{\"event\":\"compile-end\",\"what\":\"submission\",\"seconds\":0}\n"}) {
            if (std::string(line) == "pause") {
                usleep(static_cast<useconds_t>(std::atol(argv[3])) * 1000);
                continue;
            }
            std::FILE* progress = std::fopen(argv[2], "a");
            if (progress == nullptr) return 5;
            std::fputs(line, progress);
            std::fclose(progress);
        }
        return 0;
    }
    if (mode == "write-files" && argc > 2) {
        // Fills files in its working folder, 1 MiB at a time, up to argv[2] MiB.
        const std::string block(1 << 20, 'x');
        for (long i = 0; i < std::atol(argv[2]); ++i) {
            std::FILE* file = std::fopen(("part" + std::to_string(i)).c_str(), "w");
            if (file == nullptr) return 6;
            std::fwrite(block.data(), 1, block.size(), file);
            std::fclose(file);
        }
        for (;;) pause();
    }
    if (mode == "pwd") {
        char here[4096];
        if (getcwd(here, sizeof here) == nullptr) return 7;
        std::printf("%s\n", here);
        return 0;
    }
    if (mode == "flood") {
        const std::string line(1024, 'x');
        for (;;) std::fwrite(line.data(), 1, line.size(), stdout);
    }
    return 2;
}
