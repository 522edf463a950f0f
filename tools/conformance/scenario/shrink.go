package scenario

import (
	"fmt"
	"strings"
)

// Shrink returns a smaller case for which fails still holds: calls are
// dropped one at a time (last first, so later calls that depended on a
// dropped one go too), then keys of the maps a call takes and pieces of a
// Set string, until no single removal keeps the failure. At most budget
// runs of fails are spent. Upstream ranges over Go maps, so a failure that
// needs a particular order may come and go; the result is then only
// smaller, not minimal.
func Shrink(c Case, fails func(Case) bool, budget int) Case {
	runs := 0
	try := func(cand Case) bool {
		if runs >= budget {
			return false
		}
		runs++
		return fails(cand)
	}
	for progress := true; progress && runs < budget; {
		progress = false
		for i := len(c.Ops) - 1; i >= 0; i-- {
			cand := c
			cand.Ops = append(append([]Op(nil), c.Ops[:i]...), c.Ops[i+1:]...)
			if try(cand) {
				c, progress = cand, true
			}
		}
		for i := range c.Ops {
			for _, smaller := range smallerOps(c.Ops[i]) {
				cand := c
				cand.Ops = append([]Op(nil), c.Ops...)
				cand.Ops[i] = smaller
				if try(cand) {
					c, progress = cand, true
					break
				}
			}
		}
	}
	return c
}

// smallerOps lists the variants of op with one map key or one Set piece
// removed.
func smallerOps(op Op) []Op {
	var out []Op
	for _, k := range sortedKeys(op.Values) {
		o := op
		o.Values = map[string]bool{}
		for kk, v := range op.Values {
			if kk != k {
				o.Values[kk] = v
			}
		}
		out = append(out, o)
	}
	for _, k := range sortedKeys(op.Specs) {
		if len(op.Specs) == 1 {
			break
		}
		o := op
		o.Specs = map[string][]Spec{}
		for kk, v := range op.Specs {
			if kk != k {
				o.Specs[kk] = v
			}
		}
		out = append(out, o)
	}
	for _, k := range sortedKeys(op.Deps) {
		o := op
		o.Deps = map[string][]string{}
		for kk, v := range op.Deps {
			if kk != k {
				o.Deps[kk] = v
			}
		}
		out = append(out, o)
	}
	if op.Do == "set" {
		pieces := strings.Split(op.Arg, ",")
		for i := range pieces {
			if len(pieces) == 1 {
				break
			}
			o := op
			o.Arg = strings.Join(append(append([]string(nil), pieces[:i]...), pieces[i+1:]...), ",")
			out = append(out, o)
		}
	}
	return out
}

// Reproducer prints a shrunk case as a numbered list of calls.
func Reproducer(c Case) string {
	var b strings.Builder
	for i, op := range c.Ops {
		fmt.Fprintf(&b, "    %2d. %s\n", i+1, op)
	}
	return b.String()
}
