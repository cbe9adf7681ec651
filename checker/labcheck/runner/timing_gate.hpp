// Lets a timing run have the device to itself while other children run in
// parallel (several students at a time with --class --jobs N): a timing child
// waits for the running children that use the device to end, and no such child
// starts until it is done. A waiting timing run goes before children that arrive
// after it, so it is never starved.
//
// On a CPU device (PoCL) the device is the machine's processors, so every child
// uses it and a timing run has the machine alone. On a GPU, children that only
// use the processors (the static analysis, Oclgrind's simulations) keep the cores
// busy while the GPU times: a host busy with other work does not change a GPU
// launch's own time.
#pragma once

#include <condition_variable>
#include <mutex>

namespace labcheck {

// What a child needs from the gate.
enum class GateNeed {
    processors_only,  // never touches the device (only on a GPU: on a CPU device the processors are the device)
    device,           // runs kernels on the device beside other such children
    device_alone,     // times kernels: the device with nothing else on it
};

class TimingGate {
public:
    // Held while one child runs; released when it goes out of scope.
    class Pass {
    public:
        Pass(TimingGate& gate, GateNeed need);
        ~Pass();
        Pass(const Pass&) = delete;
        Pass& operator=(const Pass&) = delete;

    private:
        TimingGate& gate_;
        GateNeed need_;
    };

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    int sharing_ = 0;        // children using the device beside others
    int waiting_alone_ = 0;  // timing runs waiting for their turn
    bool alone_ = false;     // a timing run is running
};

}  // namespace labcheck
