// Lets a timing run have the machine to itself while other children run in
// parallel (several students at a time with --class --jobs N): a timing child
// waits for the running children to end, and no other child starts until it is
// done. A waiting timing run goes before children that arrive after it, so it is
// never starved.
#pragma once

#include <condition_variable>
#include <mutex>

namespace labcheck {

class TimingGate {
public:
    // Held while one child runs; released when it goes out of scope.
    class Pass {
    public:
        Pass(TimingGate& gate, bool alone);
        ~Pass();
        Pass(const Pass&) = delete;
        Pass& operator=(const Pass&) = delete;

    private:
        TimingGate& gate_;
        bool alone_;
    };

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    int sharing_ = 0;        // children running beside others
    int waiting_alone_ = 0;  // timing runs waiting for their turn
    bool alone_ = false;     // a timing run is running
};

}  // namespace labcheck
