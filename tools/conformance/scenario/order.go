package scenario

import (
	"fmt"
	"strings"
)

// plausible reports whether an outcome is one that upstream produces for
// some iteration order of the Go maps it ranges over. It is consulted only
// when the two implementations disagree, and only for the calls whose
// result depends on that order; the outcomes are modelled by probing
// upstream with one key at a time on a copy of its gate:
//
//   - before v0.31, SetFromMap stops at the first bad key it meets: exactly
//     one error, that of one of the bad keys, after the warnings of some of
//     the good keys;
//   - from v0.31, the whole raw map is re-resolved: an unknown key stops the
//     walk, so the errors are one "unrecognized" error plus any of the
//     per-key errors (locked, PreAlpha) met before it; without unknown keys
//     every per-key error is reported. Warnings are those of some good keys.
func plausible(op Op, oc outcome, up *side, lib int, rawBefore, rawAfter map[string]bool) (bool, string) {
	if len(oc.errs) == 0 {
		return false, "no error, yet the results differ"
	}
	versioned := lib >= 31
	var keys map[string]bool
	switch op.Do {
	case "add", "addVersioned", "addDeps":
		return plausibleRegistration(op, oc, up)
	case "setFromMap":
		keys = op.Values
	case "set":
		m, err := parseSetString(op.Arg)
		if err != nil {
			return false, "a parse error does not depend on order"
		}
		keys = m
	case "setEmu", "setEmuMC", "validate":
		if !versioned {
			return false, "not order dependent"
		}
	default:
		return false, "not order dependent"
	}
	if versioned {
		keys = rawAfter
	}
	g := up.cur()
	if g == nil {
		return false, "no gate"
	}
	up.impl.TakeWarnings()
	var unknown, perKey, goodWarnings []string
	for _, k := range sortedKeys(keys) {
		var p Gate
		if versioned {
			p = g.DeepCopyAndReset()
			switch op.Do {
			case "setEmu":
				_ = p.SetEmulationVersion(op.Arg)
			case "setEmuMC":
				_ = p.SetEmulationVersionAndMinCompatibilityVersion(op.Arg, op.Arg2)
			}
		} else {
			p = g.DeepCopy()
		}
		up.impl.TakeWarnings()
		err := p.SetFromMap(map[string]bool{k: keys[k]})
		w := up.impl.TakeWarnings()
		switch {
		case err == nil:
			goodWarnings = append(goodWarnings, w...)
		case err.Error() == "unrecognized feature gate: "+k:
			unknown = append(unknown, err.Error())
		case strings.HasPrefix(err.Error(), "cannot set feature gate "+k+" "):
			perKey = append(perKey, err.Error())
		default:
			// A dependency error of the single key: not a per-key error.
			goodWarnings = append(goodWarnings, w...)
		}
	}
	var warnings []string
	for _, w := range oc.warnings {
		if !strings.Contains(w, "will change already queried feature") {
			warnings = append(warnings, w)
		}
	}
	// From v0.36 Validate logs nothing; up to v0.35 it logs like SetFromMap.
	if op.Do == "validate" && lib >= 36 {
		if len(warnings) > 0 {
			return false, "Validate logged warnings"
		}
	} else if !containsMultiset(goodWarnings, warnings) {
		return false, fmt.Sprintf("warnings %q are not a subset of the good keys' warnings %q", warnings, goodWarnings)
	}
	in := func(s string, set []string) bool {
		for _, x := range set {
			if x == s {
				return true
			}
		}
		return false
	}
	if !versioned {
		if len(oc.errs) != 1 {
			return false, "before v0.31 exactly one error is returned"
		}
		if !in(oc.errs[0], unknown) && !in(oc.errs[0], perKey) {
			return false, fmt.Sprintf("error %q is none of the bad keys' errors %q", oc.errs[0], append(unknown, perKey...))
		}
		return true, ""
	}
	seen := map[string]bool{}
	nUnknown := 0
	for _, e := range oc.errs {
		if seen[e] {
			return false, "error reported twice: " + e
		}
		seen[e] = true
		switch {
		case in(e, unknown):
			nUnknown++
		case in(e, perKey):
		default:
			return false, fmt.Sprintf("error %q is not a per-key error of the raw map", e)
		}
	}
	if len(unknown) > 0 {
		if nUnknown != 1 {
			return false, fmt.Sprintf("want exactly one of %q, got %d", unknown, nUnknown)
		}
		return true, ""
	}
	if len(perKey) == 0 {
		return false, "dependency errors do not depend on order"
	}
	if !sameMultiset(oc.errs, perKey) {
		return false, fmt.Sprintf("without unknown keys every per-key error %q is reported", perKey)
	}
	return true, ""
}

// plausibleRegistration handles Add, AddVersioned and AddDependencies,
// which validate their input map entry by entry and stop at the first
// problem: the error reported depends on the order. The candidates are the
// errors of every entry alone, plus whatever repeated runs of the whole call
// on copies of upstream's gate produce (Go randomises map order per range
// statement, so the runs meet the other orders).
func plausibleRegistration(op Op, oc outcome, up *side) (bool, string) {
	g := up.cur()
	if g == nil {
		return false, "no gate"
	}
	if len(oc.warnings) > 0 {
		return false, "registration logged warnings"
	}
	apply := func(c Gate, o Op) error {
		switch o.Do {
		case "add":
			m := map[string]Spec{}
			for k, v := range o.Specs {
				m[k] = v[0]
			}
			return c.Add(m)
		case "addVersioned":
			return c.AddVersioned(o.Specs)
		default:
			return c.AddDependencies(o.Deps)
		}
	}
	candidates := map[string]bool{}
	for k := range op.Specs {
		single := op
		single.Specs = map[string][]Spec{k: op.Specs[k]}
		if err := apply(g.DeepCopy(), single); err != nil {
			candidates[err.Error()] = true
		}
	}
	for k := range op.Deps {
		single := op
		single.Deps = map[string][]string{k: op.Deps[k]}
		if err := apply(g.DeepCopy(), single); err != nil {
			candidates[err.Error()] = true
		}
	}
	for i := 0; i < 64; i++ {
		if err := apply(g.DeepCopy(), op); err != nil {
			candidates[err.Error()] = true
		}
	}
	up.impl.TakeWarnings()
	if !candidates[oc.errText] {
		return false, fmt.Sprintf("error %q is none of the possible %q", oc.errText, sortedKeys(candidates))
	}
	return true, ""
}
