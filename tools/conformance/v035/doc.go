// Package v035 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.35 (Kubernetes 1.35). The adapter
// and the test bodies are shared (tools/conformance/versioned and
// scenario/suite); this module pins the library version they compile against.
package v035
