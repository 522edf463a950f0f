package kubeletstart

import (
	"reflect"
	"regexp"
	"testing"
)

// The patterns the scanners stand for; compiled here, in the test only.
var (
	patUnknown = regexp.MustCompile(`unrecognized feature gate: ([^\s,\]]*)`)
	patLocked  = regexp.MustCompile(`cannot set feature gate (\S+) to (true|false), feature is (locked to (true|false)|PreAlpha at emulated version [0-9.]+(, min compatibility version [0-9.]+)?)`)
	patDepends = regexp.MustCompile(`([A-Za-z0-9_]+) is enabled, but depends on features that are disabled: \[([^\]]*)\]`)
)

func viaPattern(re *regexp.Regexp, msg string, deps bool) []gateProblem {
	var out []gateProblem
	for _, m := range re.FindAllStringSubmatch(msg, -1) {
		p := gateProblem{name: m[1], text: m[0]}
		if deps {
			p.deps = m[2]
		}
		out = append(out, p)
	}
	return out
}

func checkScanners(t *testing.T, msg string) {
	t.Helper()
	for _, c := range []struct {
		name string
		got  []gateProblem
		want []gateProblem
	}{
		{"unknown", unknownGates(msg), viaPattern(patUnknown, msg, false)},
		{"locked", lockedGates(msg), viaPattern(patLocked, msg, false)},
		{"depends", dependencyProblems(msg), viaPattern(patDepends, msg, true)},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s scanner on %q:\n got  %+v\n want %+v", c.name, msg, c.got, c.want)
		}
	}
}

func TestGateErrorScanners(t *testing.T) {
	for _, msg := range []string{
		"",
		"unrecognized feature gate: NoSuchGate",
		"unrecognized feature gate: ",
		"[cannot set feature gate NodeSwap to false, feature is locked to true, unrecognized feature gate: NoSuchGate]",
		"cannot set feature gate X to true, feature is PreAlpha at emulated version 1.36, min compatibility version 1.35",
		"cannot set feature gate X to true, feature is PreAlpha at emulated version 1.36.0-alpha.1",
		"cannot set feature gate X to maybe, feature is locked to true cannot set feature gate Y to false, feature is locked to false",
		"cannot set feature gate  to true, feature is locked to true",
		"[WindowsGracefulNodeShutdown is enabled, but depends on features that are disabled: [GracefulNodeShutdown], GracefulNodeShutdownBasedOnPodPriority is enabled, but depends on features that are disabled: [GracefulNodeShutdown A]]",
		"-X is enabled, but depends on features that are disabled: [Y",
		" is enabled, but depends on features that are disabled: [Y] Z is enabled, but depends on features that are disabled: []",
		"A is enabled, but depends on features that are disabled: [B is enabled, but depends on features that are disabled: [C]]",
		"unrecognized feature gate: A,unrecognized feature gate: B]unrecognized feature gate: C\tD",
	} {
		checkScanners(t, msg)
	}
}

func FuzzGateErrorScanners(f *testing.F) {
	for _, s := range []string{
		"unrecognized feature gate: A, cannot set feature gate B to true, feature is locked to false",
		"X is enabled, but depends on features that are disabled: [Y Z]",
		"cannot set feature gate X to false, feature is PreAlpha at emulated version 1.3.., min compatibility version 9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) { checkScanners(t, msg) })
}
