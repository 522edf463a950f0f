// Package upstream adapts the real k8s.io/component-base/featuregate of any
// generation from v0.18 to v0.37 to the conformance suite, once for every
// module that tests a generation (tools/conformance/v018 … v037).
//
// One Go module cannot hold two versions of component-base, so each
// generation is a sibling module that pins its version; by minimal version
// selection this package is compiled against the version the importing
// module pins. It therefore calls statically only what v0.18 already had
// (NewFeatureGate, Add, SetFromMap, Set, Enabled, KnownFeatures, DeepCopy,
// AddFlag) and reaches every later method (GetAll v0.22, AddMetrics v0.26,
// OverrideDefault v0.30, the versioned API v0.31, dependencies and
// min-compatibility versions v0.35) through interface assertions or, where
// a signature names a type older generations lack (VersionedSpecs), through
// reflection. FeatureSpec fields that came later (Version,
// MinCompatibilityVersion) and the PRE-ALPHA stage are set by reflection.
// What cannot be reached that way — package-level constructors of the
// versioned API and the klog major version — the importing module passes
// in its Generation.
package upstream
