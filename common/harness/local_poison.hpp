// Checks that do not depend on what ran before: at every check launch, __local memory holds NaN.
//
// On PoCL's CPU device (its "pthread" driver) a work-group's __local arrays are laid out from the
// start of a memory pool that each of PoCL's worker threads allocates once and never clears: a read
// past the end of a __local array, or of an element no work-item of the group wrote, finds what an
// earlier kernel left there (zeros in a fresh process). So a wrong kernel could be right or wrong
// depending on which define set or size ran before it (issue 48: a lab-04 kernel looping to a literal
// 16 over 8-wide tiles was wrong after the 16-wide set and right alone).
//
// While a PoisonedLocalMemory lives on a thread, every launch enqueue_kernel makes from that thread
// first waits for the queue to finish, then fills every worker thread's pool with kLocalPoisonBits
// (fill_patterns.hpp). How every thread is reached: PoCL runs a command for a sub-device only on that
// sub-device's own threads (pthread_scheduler.c, shall_we_run_this), so the device is partitioned into
// sub-devices of one compute unit each, one per worker thread, and a kernel whose one __local argument
// spans the device's whole CL_DEVICE_LOCAL_MEM_SIZE fills the pool, once per sub-device. A read of
// never-written __local memory then gives NaN at every check, whatever ran first, in `lab run` and in
// labcheck alike (problems/repeated_check.cpp holds one around every check).
//
// The limit: the pools are filled before a launch, not before each work-group. Within one launch a
// work-group may find, in an element its own work-items never wrote, what an earlier work-group of
// the same launch on the same thread wrote there (a tile element whose load an edge work-item
// skipped); past the arrays and in elements no work-group writes it always finds the poison. Such a
// read usually changes with the order PoCL runs work-groups in (check_twice then calls it unstable),
// and Oclgrind's uninitialised-read check in labcheck's barriers stage names it.
//
// Other devices (a GPU, PoCL's single-threaded "basic" driver, which allocates each launch's __local
// memory afresh) are left as they are: there nothing here can reach the memory a work-group gets.
#pragma once

#include <CL/opencl.hpp>

namespace course {

class PoisonedLocalMemory {
public:
    PoisonedLocalMemory();
    ~PoisonedLocalMemory();
    PoisonedLocalMemory(const PoisonedLocalMemory&) = delete;
    PoisonedLocalMemory& operator=(const PoisonedLocalMemory&) = delete;
};

// Whether check launches on `device` start from poisoned __local memory: PoCL's CPU device that
// can be partitioned into one sub-device per worker thread.
bool local_memory_poisoned_on(const cl::Device& device);

// Called by enqueue_kernel before each launch: while a PoisonedLocalMemory lives on this thread and
// the queue's device is one local_memory_poisoned_on accepts, finishes the queue and poisons the pools.
void poison_local_memory_before_launch(const cl::CommandQueue& queue);

}  // namespace course
