// Package v035 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.35.8, which stands for v0.35: min-compatibility versions and dependencies.
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v035
