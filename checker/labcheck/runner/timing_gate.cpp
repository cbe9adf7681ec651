#include "runner/timing_gate.hpp"

namespace labcheck {

TimingGate::Pass::Pass(TimingGate& gate, GateNeed need) : gate_(gate), need_(need) {
    if (need_ == GateNeed::processors_only) return;
    std::unique_lock<std::mutex> lock(gate_.mutex_);
    if (need_ == GateNeed::device_alone) {
        ++gate_.waiting_alone_;
        gate_.changed_.wait(lock, [&] { return !gate_.alone_ && gate_.sharing_ == 0; });
        --gate_.waiting_alone_;
        gate_.alone_ = true;
    } else {
        gate_.changed_.wait(lock, [&] { return !gate_.alone_ && gate_.waiting_alone_ == 0; });
        ++gate_.sharing_;
    }
}

TimingGate::Pass::~Pass() {
    if (need_ == GateNeed::processors_only) return;
    {
        std::lock_guard<std::mutex> lock(gate_.mutex_);
        if (need_ == GateNeed::device_alone) {
            gate_.alone_ = false;
        } else {
            --gate_.sharing_;
        }
    }
    gate_.changed_.notify_all();
}

}  // namespace labcheck
