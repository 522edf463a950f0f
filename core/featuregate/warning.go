package featuregate

import "fmt"

// WarningKind says which of the library's log statements a Warning stands for.
type WarningKind int

// The warnings the library logs.
const (
	// WarnSetDeprecated: a DEPRECATED feature was set (SetFromMap).
	WarnSetDeprecated WarningKind = iota
	// WarnSetGA: a GA feature was set, even to its default (SetFromMap).
	WarnSetGA
	// WarnOverrideDeprecated / WarnOverrideGA: OverrideDefault on such a feature.
	WarnOverrideDeprecated
	WarnOverrideGA
	// WarnEmulationChange: SetEmulationVersion flips an already queried feature.
	WarnEmulationChange
)

// Warning is one warning the library would have logged, as a value.
type Warning struct {
	Kind    WarningKind
	Library Library
	Feature Feature
	// Value is the value set or overridden, or the new value for WarnEmulationChange.
	Value bool
	// Old is the previous value for WarnEmulationChange.
	Old bool
}

// Severity is the klog severity letter of the line: 'W' for klog.Warningf,
// 'I' for the structured info lines of v0.36+ (every warning of the
// library became a logger.Info "Warning: …" line then).
func (w Warning) Severity() byte {
	if w.Library.StructuredWarnings() {
		return 'I'
	}
	return 'W'
}

// Message is the log payload after the klog header, in the library's dialect.
func (w Warning) Message() string {
	structured := w.Library.StructuredWarnings()
	// A plain string: fmt prints a named string type through reflection
	// (printValue), code a first evaluation would compile for this alone.
	name := string(w.Feature)
	switch w.Kind {
	case WarnSetDeprecated:
		if structured {
			return fmt.Sprintf(`"Warning: setting deprecated feature gate. It will be removed in a future release." featureGate=%q value=%t`, name, w.Value)
		}
		return fmt.Sprintf("Setting deprecated feature gate %s=%t. It will be removed in a future release.", name, w.Value)
	case WarnSetGA:
		if structured {
			return fmt.Sprintf(`"Warning: setting GA feature gate. It will be removed in a future release." featureGate=%q value=%t`, name, w.Value)
		}
		return fmt.Sprintf("Setting GA feature gate %s=%t. It will be removed in a future release.", name, w.Value)
	case WarnOverrideDeprecated:
		if structured {
			return fmt.Sprintf(`"Warning: overriding default of deprecated feature gate. It will be removed in a future release." featureGate=%q value=%t`, name, w.Value)
		}
		return fmt.Sprintf("Overriding default of deprecated feature gate %s=%t. It will be removed in a future release.", name, w.Value)
	case WarnOverrideGA:
		if structured {
			return fmt.Sprintf(`"Warning: overriding default of GA feature gate. It will be removed in a future release." featureGate=%q value=%t`, name, w.Value)
		}
		return fmt.Sprintf("Overriding default of GA feature gate %s=%t. It will be removed in a future release.", name, w.Value)
	case WarnEmulationChange:
		// v0.35 renamed the method in the text; v0.36 made it structured.
		if structured {
			return fmt.Sprintf(`"Warning: SetEmulationVersionAndMinCompatibilityVersion will change already queried feature" featureGate=%q oldValue=%t newValue=%t`, name, w.Old, w.Value)
		}
		if w.Library.HasMinCompatibility() {
			return fmt.Sprintf("SetEmulationVersionAndMinCompatibilityVersion will change already queried feature:%s from %v to %v", name, w.Old, w.Value)
		}
		return fmt.Sprintf("SetEmulationVersion will change already queried feature:%s from %v to %v", name, w.Old, w.Value)
	}
	return ""
}

func (w Warning) String() string { return string(w.Severity()) + " " + w.Message() }

// WarningSink receives warnings as they are emitted. Like klog it is shared
// by a gate and its deep copies.
type WarningSink func(Warning)
