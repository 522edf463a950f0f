// Package fake is an in-memory CRI runtime on virtual time, for the kubelet
// model. It keeps the shape of k8s.io/cri-api's FakeRuntimeService and
// FakeImageService (a log of calls in order, a FIFO of injected errors per
// method that the next call returns before doing anything else) and adds what
// those lack:
//
//   - a virtual clock: timestamps come from a sim.Clock and state changes
//     that take time (an exit, a pull, a stop that waits for SIGTERM) are
//     timers on it;
//   - scripted behaviour: how long each instance of a container runs and how
//     it exits (code, reason, OOMKilled), how it answers a stop signal, what
//     exec commands (hooks, exec probes) return, how healthy its endpoints
//     are for HTTP/TCP/gRPC probes, how long a pull takes and how often it
//     fails, sandbox creation failures and sandbox death, and the
//     RuntimeReady/NetworkReady conditions;
//   - gRPC-like status errors with NotFound where containerd answers
//     NotFound, and idempotent stop and remove calls;
//   - labels and annotations (restart count, spec hash) and the sandbox
//     namespace options are stored and echoed back verbatim.
//
// Choices where runtimes differ, following containerd: a StartContainer
// failure leaves the container EXITED with reason StartError and exit code
// 128; a process ends with reason Completed (exit 0), Error (non-zero) or
// OOMKilled; a process killed at the stop timeout exits 137.
package fake
