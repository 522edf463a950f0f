// Package v031 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.31.14, which stands for v0.31–v0.32 (feature_gate.go is identical): the first versioned generation.
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v031
