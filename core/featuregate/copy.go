package featuregate

// DeepCopy returns an independent gate with the same features, values, raw
// map, dependencies, versions and closed flag. Like upstream it loses the
// call-site name and the record of queried features; it shares the warning
// sink, as every upstream gate shares klog.
func (f *featureGate) DeepCopy() MutableVersionedFeatureGate {
	return f.deepCopy()
}

func (f *featureGate) deepCopy() *featureGate {
	// known and dependencies are copy-on-write: after construction every
	// change (Add, AddVersioned, OverrideDefault, AddDependencies) builds a
	// new map and never writes into the old one, so copies share them. The
	// kubelet model copies the gate several times per start-up.
	g := &featureGate{
		lib:              f.lib,
		known:            f.known,
		enabled:          copyEnabled(f.enabled),
		enabledRaw:       f.RawMap(),
		dependencies:     f.dependencies,
		depOrder:         f.depOrder,
		closed:           f.closed,
		queried:          map[Feature]bool{},
		emulationVersion: f.emulationVersion,
		minCompatibility: f.minCompatibility,
		sink:             f.sink,
	}
	if f.sink == nil {
		// Without a shared sink the copy's warnings land back on the
		// original, the way klog would interleave them.
		g.sink = func(w Warning) { f.warnings = append(f.warnings, w) }
	}
	return g
}

// DeepCopyAndReset copies the features (with overridden defaults) into a
// fresh gate at the same emulation version, with nothing set.
func (f *featureGate) DeepCopyAndReset() MutableVersionedFeatureGate {
	g := New(Options{Library: f.lib, EmulationVersion: f.emulationVersion, MinCompatibilityVersion: f.minCompatibility, Sink: f.sink})
	g.known = f.copyKnown()
	return g
}

// Copy is DeepCopy returning the full Gate interface.
func (f *featureGate) Copy() Gate { return f.deepCopy() }
