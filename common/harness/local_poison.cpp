#include "harness/local_poison.hpp"

#include "harness/fill_patterns.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace course {

namespace {

thread_local int active_scopes = 0;

// One work-item walks the whole __local argument: PoCL gives it the start of its thread's pool.
constexpr const char* kPoisonSource = R"CLC(
__kernel void fill_local_with_poison(__local uint* pool, uint words, uint poison)
{
    for (uint i = 0; i < words; ++i) pool[i] = poison;
}
)CLC";

bool is_pocl_cpu(const cl::Device& device) {
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    const std::string name = platform.getInfo<CL_PLATFORM_NAME>();
    return name.find("Portable Computing Language") != std::string::npos &&
           (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
}

bool partitions_equally(const cl::Device& device) {
    for (const auto property : device.getInfo<CL_DEVICE_PARTITION_PROPERTIES>()) {
        if (property == CL_DEVICE_PARTITION_EQUALLY) return true;
    }
    return false;
}

// The device cut into sub-devices of one compute unit, each with a queue and the filling kernel.
class Poisoner {
public:
    explicit Poisoner(const cl::Device& device) {
        const cl_device_partition_property one_each[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
        cl::Device whole = device;  // createSubDevices is not const
        whole.createSubDevices(one_each, &parts_);
        context_ = cl::Context(parts_);
        cl::Program program(context_, kPoisonSource);
        program.build(parts_, "-cl-std=CL1.2");
        kernel_ = cl::Kernel(program, "fill_local_with_poison");
        bytes_ = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
        for (const auto& part : parts_) queues_.emplace_back(context_, part);
    }

    // Every worker thread's pool holds the poison when this returns.
    void fill() {
        kernel_.setArg(0, cl::Local(bytes_));
        kernel_.setArg(1, static_cast<cl_uint>(bytes_ / sizeof(cl_uint)));
        kernel_.setArg(2, static_cast<cl_uint>(kLocalPoisonBits));
        for (auto& queue : queues_) queue.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
        for (auto& queue : queues_) queue.finish();
    }

private:
    std::vector<cl::Device> parts_;
    cl::Context context_;
    cl::Kernel kernel_;
    std::vector<cl::CommandQueue> queues_;
    std::size_t bytes_ = 0;
};

// One poisoner per device for the process's life; none (nullptr) where the device cannot have one.
Poisoner* poisoner_for(const cl::Device& device) {
    static std::mutex mutex;
    static std::map<cl_device_id, std::unique_ptr<Poisoner>> poisoners;
    const std::lock_guard<std::mutex> lock(mutex);
    const auto found = poisoners.find(device());
    if (found != poisoners.end()) return found->second.get();
    std::unique_ptr<Poisoner> made;
    try {
        if (is_pocl_cpu(device) && partitions_equally(device)) made = std::make_unique<Poisoner>(device);
    } catch (const cl::Error&) {
        made.reset();  // no sub-devices here: checks run as before, and local_memory_poisoned_on says so
    }
    return poisoners.emplace(device(), std::move(made)).first->second.get();
}

}  // namespace

PoisonedLocalMemory::PoisonedLocalMemory() { ++active_scopes; }
PoisonedLocalMemory::~PoisonedLocalMemory() { --active_scopes; }

bool local_memory_poisoned_on(const cl::Device& device) { return poisoner_for(device) != nullptr; }

void poison_local_memory_before_launch(const cl::CommandQueue& queue) {
    if (active_scopes == 0) return;
    Poisoner* poisoner = poisoner_for(queue.getInfo<CL_QUEUE_DEVICE>());
    if (poisoner == nullptr) return;
    queue.finish();  // the previous launch may still be running on the pools
    poisoner->fill();
}

}  // namespace course
