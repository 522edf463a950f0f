// Package cri mirrors the parts of the Container Runtime Interface v1
// (k8s.io/cri-api, package runtime.v1) that the kubelet's pod lifecycle uses:
// the RuntimeService and ImageService method names, their essential request
// and response fields, and the container and sandbox states.
//
// The model differs from gRPC in one way: a call on virtual time cannot block.
// A runtime that needs time to answer (an image pull, a stop that waits for
// the process to exit, an exec that runs a hook) answers at once and reports
// how long the caller would have been blocked through Elapsed. The caller
// resumes its work that much later on the virtual clock. Callers also tag
// their context with a Caller so that a call log can say who asked.
package cri
