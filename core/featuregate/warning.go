package featuregate

import "strconv"

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
// It is written without fmt (%q is strconv.Quote, %t and %v of a bool
// strconv.FormatBool): a first evaluation that warns compiles none of
// fmt's printer (issue 15).
func (w Warning) Message() string {
	name := string(w.Feature)
	value := strconv.FormatBool(w.Value)
	if w.Library.StructuredWarnings() {
		if w.Kind == WarnEmulationChange {
			return `"Warning: SetEmulationVersionAndMinCompatibilityVersion will change already queried feature" featureGate=` +
				strconv.Quote(name) + " oldValue=" + strconv.FormatBool(w.Old) + " newValue=" + value
		}
		if what := w.Kind.what(); what != "" {
			return `"Warning: ` + string(what[0]+'a'-'A') + what[1:] + ` feature gate. It will be removed in a future release." featureGate=` +
				strconv.Quote(name) + " value=" + value
		}
		return ""
	}
	if w.Kind == WarnEmulationChange {
		// v0.35 renamed the method in the text; v0.36 made it structured.
		method := "SetEmulationVersion"
		if w.Library.HasMinCompatibility() {
			method = "SetEmulationVersionAndMinCompatibilityVersion"
		}
		return method + " will change already queried feature:" + name + " from " + strconv.FormatBool(w.Old) + " to " + value
	}
	if what := w.Kind.what(); what != "" {
		return what + " feature gate " + name + "=" + value + ". It will be removed in a future release."
	}
	return ""
}

// what is the start of the message of a set or override warning, as the
// unstructured line words it ("" for the other kinds).
func (k WarningKind) what() string {
	switch k {
	case WarnSetDeprecated:
		return "Setting deprecated"
	case WarnSetGA:
		return "Setting GA"
	case WarnOverrideDeprecated:
		return "Overriding default of deprecated"
	case WarnOverrideGA:
		return "Overriding default of GA"
	}
	return ""
}

func (w Warning) String() string { return string(w.Severity()) + " " + w.Message() }

// WarningSink receives warnings as they are emitted. Like klog it is shared
// by a gate and its deep copies.
type WarningSink func(Warning)
