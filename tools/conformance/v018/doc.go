// Package v018 runs kubexplorer's feature-gate conformance suite against the
// real k8s.io/component-base/featuregate v0.18.19, which stands for v0.18–v0.21 (klog v1 in v0.18; v0.19–v0.21 only switch to klog/v2).
// The adapter (tools/conformance/upstream) and the test bodies
// (scenario/suite) are shared; this module pins the library version they
// are compiled against.
package v018
