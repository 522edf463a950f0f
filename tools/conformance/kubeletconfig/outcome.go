package kubeletconfig

import (
	"fmt"
	"sort"
	"strings"
)

// Outcome is what loading one document leads to.
type Outcome struct {
	// Stage is the step that stops start-up: "loadConfig", "defaulting"
	// (the 1.32+ panic), "mergedGates", "validate"; "" when it passes.
	Stage string
	// Error is the stopping error without the kubelet's wrapping (what
	// loadConfigFile, SetFromMap or ValidateKubeletConfiguration return;
	// for the panic, the merge error inside its message).
	Error string
	// Lenient is the lenient-decoding warning as logged after the klog
	// header, "" when strict decoding succeeded.
	Lenient string
	// Gates are the effective values of the gates asked about.
	Gates map[string]bool
	// Alternatives (model only) are the errors another map order gives.
	Alternatives []string
}

// Release is one kubelet release's real loading path.
type Release interface {
	// Version is the minor release, "1.37".
	Version() string
	// Known reports whether the release's global gate registers name.
	Known(name string) bool
	// Load runs `kubelet --config=path` as far as start-up goes with the
	// document data written at path, on a fresh global gate, and reads the
	// gates named afterwards.
	Load(path string, data []byte, gates []string) Outcome
}

// ConfigPath is where both sides find the document; it shows in error texts.
const ConfigPath = "/etc/kubernetes/kubelet-config.yaml"

// Payload is a klog entry after its header ("I0101 00:00:00.000000 1 codec.go:1] ").
func Payload(entry string) string {
	if i := strings.Index(entry, "] "); i >= 0 && len(entry) > 0 && strings.ContainsRune("IWEF", rune(entry[0])) {
		return entry[i+2:]
	}
	return entry
}

// KlogEntries splits klog output into entries (a header line and its
// continuation lines), each returned as its payload.
func KlogEntries(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		isHeader := len(line) > 5 && strings.ContainsRune("IWEF", rune(line[0])) && line[1] >= '0' && line[1] <= '9' && strings.Contains(line, "] ")
		switch {
		case isHeader:
			out = append(out, Payload(line))
		case len(out) > 0 && line != "":
			out[len(out)-1] += "\n" + line
		}
	}
	return out
}

// Diff lists what differs between the model's and upstream's outcome for
// release 1.minor.
func Diff(minor int, model, up Outcome) []string {
	var out []string
	if model.Stage != up.Stage {
		out = append(out, fmt.Sprintf("stage: kubexplorer %q, upstream %q", model.Stage, up.Stage))
	}
	if model.Error != up.Error && !orderVariant(minor, model, up.Error) {
		out = append(out, fmt.Sprintf("error:\n      kubexplorer %q\n      upstream    %q", model.Error, up.Error))
	}
	if model.Lenient != up.Lenient {
		out = append(out, fmt.Sprintf("lenient-decoding warning:\n      kubexplorer %q\n      upstream    %q", model.Lenient, up.Lenient))
	}
	var names []string
	for n := range up.Gates {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		mv, ok := model.Gates[n]
		if !ok {
			out = append(out, fmt.Sprintf("gate %s: kubexplorer does not report it, upstream %t", n, up.Gates[n]))
		} else if mv != up.Gates[n] {
			out = append(out, fmt.Sprintf("gate %s: kubexplorer %t, upstream %t", n, mv, up.Gates[n]))
		}
	}
	return out
}

// Kind is a mismatch's category for grouping: what differs and at which
// stages.
func Kind(model, up Outcome, diffs []string) string {
	what := map[string]bool{}
	for _, d := range diffs {
		what[strings.SplitN(d, ":", 2)[0]] = true
	}
	var ws []string
	for w := range what {
		if strings.HasPrefix(w, "gate ") {
			w = "gate values"
		}
		ws = append(ws, w)
	}
	sort.Strings(ws)
	ws = dedupe(ws)
	return fmt.Sprintf("%s (kubexplorer stage %q, upstream stage %q)", strings.Join(ws, ", "), model.Stage, up.Stage)
}

func dedupe(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || s[i-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// orderVariant reports whether upstream's error is one the model's input
// can give in another map order. The model lists every per-key problem of
// the failing gate map (unknown and locked gates) as alternatives. Upstream
// reports, in some order, items from those problems and the model's own
// items, each once: before 1.31 exactly one; from 1.31 one "unrecognized"
// error (the walk stops there) plus any per-key errors met before it, or,
// without unknown gates, every per-key error.
func orderVariant(minor int, model Outcome, upErr string) bool {
	if mapOrderVariant(splitAggregate(model.Error), splitAggregate(upErr)) {
		return true
	}
	possible := map[string]bool{}
	unknownPossible := false
	for _, it := range append(splitAggregate(model.Error), model.Alternatives...) {
		possible[it] = true
		unknownPossible = unknownPossible || strings.HasPrefix(it, "unrecognized feature gate: ")
	}
	seen := map[string]bool{}
	unknowns := 0
	up := splitAggregate(upErr)
	for _, it := range up {
		if !possible[it] || seen[it] {
			return false
		}
		seen[it] = true
		if strings.HasPrefix(it, "unrecognized feature gate: ") {
			unknowns++
		}
	}
	switch {
	case minor < 31:
		return len(up) == 1
	case unknownPossible:
		return unknowns == 1
	}
	// No unknown gate: every per-key error is reported, in any order.
	return len(up) == len(possible)
}

// itemStarts begin the messages an aggregate of gate and validation errors
// holds.
var itemStarts = []string{"unrecognized feature gate: ", "cannot set feature gate ", "invalid configuration: ",
	// Nested checks: taints and reserved memory in 1.23, field paths.
	"invalid taint: ", "taint TimeAdded ", "the limit type ", "reserved memory may not ", "the reserved memory has ",
	"logging.", "tracing."}

// splitAggregate splits "[a, b, c]" into its items; a bare error is one item.
func splitAggregate(s string) []string {
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return []string{s}
	}
	body := s[1 : len(s)-1]
	var out []string
	start := 0
	for i := 0; i+2 <= len(body); i++ {
		if body[i] != ',' || body[i+1] != ' ' {
			continue
		}
		rest := body[i+2:]
		boundary := false
		if sp := strings.IndexByte(rest, ' '); sp > 0 && isName(rest[:sp]) {
			boundary = strings.HasPrefix(rest[sp:], " is enabled, but depends on features that are disabled: [")
		}
		for _, p := range itemStarts {
			boundary = boundary || strings.HasPrefix(rest, p)
		}
		if boundary {
			out = append(out, body[start:i])
			start = i + 2
		}
	}
	return append(out, body[start:])
}

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// mapOrderVariant: the validation's reservedMemory checks range over each
// entry's limits, a Go map, where the model walks them sorted; an aggregate
// whose reservedMemory errors come in another order, the other errors in
// the same places, is one upstream can give.
func mapOrderVariant(model, up []string) bool {
	if len(model) != len(up) || len(model) < 2 {
		return false
	}
	count := map[string]int{}
	for i := range model {
		if isMapOrdered(model[i]) != isMapOrdered(up[i]) || !isMapOrdered(model[i]) && model[i] != up[i] {
			return false
		}
		count[model[i]]++
		count[up[i]]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

func isMapOrdered(item string) bool { return strings.Contains(item, " for NUMA node ") }
