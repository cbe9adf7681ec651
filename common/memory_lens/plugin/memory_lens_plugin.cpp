// The Oclgrind plugin: every global and local load and store of a work-item goes to a
// WarpGrouper (counting/), flushed at each barrier and at the end of each work-group; at
// the end of each kernel the report so far is written, whole, to $MEMORY_LENS_OUTPUT as JSON.
// $MEMORY_LENS_WARP sets the warp size (32 unless it says otherwise). $MEMORY_LENS_PROGRESS, when
// set, names a file that holds the progress, one line rewritten as work-groups complete
// ("groups DONE TOTAL"), or, when a work-item runs away, "runaway LINE INSTRUCTIONS" before the simulation is
// ended (exit status kRunawayExit): a work-item that runs kRunawayInstructions instructions
// without a barrier or its end is in a loop that does not end, whatever the size.
//
// Loaded by Oclgrind: `oclgrind --plugins build/memory_lens/libmemory_lens_plugin.so ...`.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Instructions.h>

#include <oclgrind/Context.h>
#include <oclgrind/Kernel.h>
#include <oclgrind/KernelInvocation.h>
#include <oclgrind/Memory.h>
#include <oclgrind/Plugin.h>
#include <oclgrind/WorkGroup.h>
#include <oclgrind/WorkItem.h>

#include "memory_lens/counting/launch_counts.hpp"
#include "memory_lens/counting/warp_grouper.hpp"

namespace {

using memory_lens::Direction;
using memory_lens::Space;

std::uint32_t warp_size_from_environment() {
    const char* text = std::getenv("MEMORY_LENS_WARP");
    if (text == nullptr || *text == '\0') return 32;
    const long value = std::strtol(text, nullptr, 10);
    if (value < 1 || value > 1024) {
        std::cerr << "memory lens: MEMORY_LENS_WARP=" << text << " is not a warp size from 1 to 1024; using 32\n";
        return 32;
    }
    return static_cast<std::uint32_t>(value);
}

// About a second of one core under Oclgrind; the labs' work-items run at most about a hundred thousand
// instructions between barriers at any size the memory lens accepts (64x the [memory] work).
constexpr std::uint64_t kRunawayInstructions = 5'000'000;
constexpr int kRunawayExit = 75;  // common/lab_cli/memory_run.cpp reads the progress file then

std::array<std::uint64_t, 3> sizes_of(const oclgrind::Size3& size) { return {size.x, size.y, size.z}; }

class MemoryLensPlugin : public oclgrind::Plugin {
public:
    explicit MemoryLensPlugin(const oclgrind::Context* context)
        : oclgrind::Plugin(context), grouper_(warp_size_from_environment()) {
        report_.warp = grouper_.warp_size();
        if (const char* path = std::getenv("MEMORY_LENS_OUTPUT")) output_ = path;
        if (const char* path = std::getenv("MEMORY_LENS_PROGRESS")) progress_ = path;
    }

    bool isThreadSafe() const override { return false; }  // one grouper: work-groups one at a time

    void kernelBegin(const oclgrind::KernelInvocation* invocation) override {
        launch_ = memory_lens::LaunchCounts{};
        launch_.kernel = invocation->getKernel()->getName();
        launch_.global_size = sizes_of(invocation->getGlobalSize());
        launch_.local_size = sizes_of(invocation->getLocalSize());
        const oclgrind::Size3 groups = invocation->getNumGroups();
        total_groups_ = groups.x * groups.y * groups.z;
        done_groups_ = 0;
    }
    void kernelEnd(const oclgrind::KernelInvocation*) override {
        end_image_call();
        grouper_.flush(launch_);
        report_.launches.push_back(launch_);
        write_report();
    }
    void workGroupBegin(const oclgrind::WorkGroup*) override { launch_.work_groups += 1; }
    void workGroupBarrier(const oclgrind::WorkGroup*, std::uint32_t) override {
        launch_.barriers += 1;
        end_image_call();
        grouper_.flush(launch_);
    }
    void workGroupComplete(const oclgrind::WorkGroup*) override {
        end_image_call();
        grouper_.flush(launch_);
        grouper_.end_work_group(launch_);
        done_groups_ += 1;
        if (done_groups_ * 100 / total_groups_ != (done_groups_ - 1) * 100 / total_groups_) {
            write_progress("groups " + std::to_string(done_groups_) + " " + std::to_string(total_groups_));
        }
    }

    // A read_image*/write_image* call ends: its channel accesses were one texel, one access.
    void instructionExecuted(const oclgrind::WorkItem* item, const llvm::Instruction* instruction,
                             const oclgrind::TypedValue&) override {
        if (image_call_ && image_call_->item == item && image_call_->instruction == instruction) end_image_call();
        if (item != running_item_) {
            running_item_ = item;
            run_length_ = 0;
        }
        if (++run_length_ == kRunawayInstructions) stop_runaway(instruction);
    }

    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address,
                    size_t size) override {
        record(memory, item, Direction::load, address, size);
    }
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, size_t address, size_t size,
                     const uint8_t*) override {
        record(memory, item, Direction::store, address, size);
    }

private:
    static std::optional<Space> space_of(const oclgrind::Memory* memory) {
        switch (memory->getAddressSpace()) {
            case oclgrind::AddrSpaceGlobal:
            case oclgrind::AddrSpaceConstant: return Space::global;
            case oclgrind::AddrSpaceLocal: return Space::local;
            default: return std::nullopt;  // private: registers on a GPU
        }
    }

    // A call of read_image*/write_image* (mangled _Z10read_imagef..., _Z11write_imagef...).
    static bool is_image_call(const llvm::Instruction* instruction) {
        const auto* call = llvm::dyn_cast_or_null<llvm::CallInst>(instruction);
        const llvm::Function* callee = call != nullptr ? call->getCalledFunction() : nullptr;
        if (callee == nullptr) return false;
        const llvm::StringRef name = callee->getName();
        return name.contains("read_image") || name.contains("write_image");
    }

    // One read_image*/write_image* call of one work-item: Oclgrind loads or stores its texel one
    // channel at a time; the channels are gathered here and recorded as one access when the call ends.
    struct ImageCall {
        const oclgrind::WorkItem* item;
        const llvm::Instruction* instruction;
        memory_lens::Site site;
        std::uint32_t linear;
        std::uint64_t first;  // lowest address of the texel's channels
        std::uint64_t end;    // one past the highest
    };

    void record(const oclgrind::Memory* memory, const oclgrind::WorkItem* item, Direction direction, size_t address,
                size_t size) {
        const std::optional<Space> space = space_of(memory);
        if (!space) return;
        const llvm::Instruction* instruction = item->getCurrentInstruction();
        memory_lens::Site site;
        site.space = is_image_call(instruction) ? Space::image : *space;
        site.direction = direction;
        if (instruction != nullptr && instruction->getDebugLoc()) site.line = instruction->getDebugLoc().getLine();
        const oclgrind::Size3 local = item->getLocalID();
        const oclgrind::Size3 group = item->getWorkGroup()->getGroupSize();
        const auto linear = static_cast<std::uint32_t>(local.x + group.x * (local.y + group.y * local.z));
        if (site.space == Space::image) {
            add_to_image_call(item, instruction, site, linear, address, size);
            return;
        }
        grouper_.record(instruction, site, linear, address, static_cast<std::uint32_t>(size));
    }

    void add_to_image_call(const oclgrind::WorkItem* item, const llvm::Instruction* instruction,
                           const memory_lens::Site& site, std::uint32_t linear, std::uint64_t address, size_t size) {
        if (image_call_ && (image_call_->item != item || image_call_->instruction != instruction)) end_image_call();
        if (!image_call_) {
            image_call_ = ImageCall{item, instruction, site, linear, address, address + size};
            return;
        }
        image_call_->first = std::min<std::uint64_t>(image_call_->first, address);
        image_call_->end = std::max<std::uint64_t>(image_call_->end, address + size);
    }

    void end_image_call() {
        if (!image_call_) return;
        grouper_.record(image_call_->instruction, image_call_->site, image_call_->linear, image_call_->first,
                        static_cast<std::uint32_t>(image_call_->end - image_call_->first));
        image_call_.reset();
    }

    void write_progress(const std::string& line) const {
        if (progress_.empty()) return;
        std::ofstream(progress_, std::ios::trunc) << line << '\n';
    }

    // A work-item in a loop that does not end: say where, and end the simulation.
    [[noreturn]] void stop_runaway(const llvm::Instruction* instruction) const {
        const unsigned line = instruction != nullptr && instruction->getDebugLoc() ? instruction->getDebugLoc().getLine() : 0;
        write_progress("runaway " + std::to_string(line) + " " + std::to_string(kRunawayInstructions));
        std::cerr << "memory lens: a work-item ran " << kRunawayInstructions
                  << " instructions without a barrier or its end (line " << line << "): stopped\n";
        std::_Exit(kRunawayExit);
    }

    void write_report() const {
        if (output_.empty()) return;
        std::ofstream file(output_, std::ios::trunc);
        file << memory_lens::to_json(report_).dump() << '\n';
        if (!file) std::cerr << "memory lens: could not write the report to " << output_ << "\n";
    }

    memory_lens::WarpGrouper grouper_;
    std::optional<ImageCall> image_call_;
    memory_lens::MemoryReport report_;
    memory_lens::LaunchCounts launch_;
    std::string output_;
    std::string progress_;
    std::uint64_t total_groups_ = 1, done_groups_ = 0;
    const oclgrind::WorkItem* running_item_ = nullptr;  // the work-item executing now
    std::uint64_t run_length_ = 0;                      // its instructions since it started or resumed
};

MemoryLensPlugin* plugin = nullptr;

}  // namespace

extern "C" bool initializePlugins(oclgrind::Context* context) {
    plugin = new MemoryLensPlugin(context);
    context->registerPlugin(plugin);
    return true;
}

extern "C" void releasePlugins(oclgrind::Context* context) {
    context->unregisterPlugin(plugin);
    delete plugin;
    plugin = nullptr;
}
