package kubeletstart

import (
	"bytes"
	"sort"
	"strings"
)

// Where the command line's problems are. The flags are parsed from the
// argument list; a diagnostic about them points into the command line
// text through the offsets the splitter kept (input.go's words). A command
// line given as an argument list has no text, and its diagnostics no
// position.

// argRange is bytes [from, to) of argument arg.
type argRange struct{ arg, from, to int }

// flagSet is one flag pflag set: its name (normalized) and the value.
type flagSet struct{ name, value string }

// flagPlaces locates where the command line sets flags: for each flag, the
// value of its last occurrence, and for each --feature-gates key the key
// of its last occurrence (the ones the parse keeps).
type flagPlaces struct {
	values map[string]argRange
	gates  map[string]argRange
}

// locateFlags matches the flags pflag set, in order, to the arguments
// that carry them ("--name=V", or "--name" then "V"; a flag without a
// value, such as a bool, is its whole argument). A flag it cannot find
// (a shorthand) is left out.
func locateFlags(args []string, sets []flagSet) flagPlaces {
	p := flagPlaces{values: map[string]argRange{}, gates: map[string]argRange{}}
	next := 0
	for _, s := range sets {
		r, ok := findFlag(args, next, s)
		if !ok {
			continue
		}
		next = r.arg + 1
		p.values[s.name] = r
		if s.name == "feature-gates" && r.to-r.from == len(s.value) {
			p.gateKeys(s.value, r)
		}
	}
	return p
}

// gateKeys records where each key of a --feature-gates value v is, v
// being at r.
func (p flagPlaces) gateKeys(v string, r argRange) {
	for _, piece := range pieces(v) {
		key, _, found := strings.Cut(v[piece.from:piece.to], "=")
		if !found {
			continue
		}
		name := strings.TrimSpace(key)
		from := r.from + piece.from + strings.Index(key, name)
		p.gates[name] = argRange{arg: r.arg, from: from, to: from + len(name)}
	}
}

// findFlag finds, from argument next on, the argument holding flag s.
func findFlag(args []string, next int, s flagSet) (argRange, bool) {
	for i := next; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, val, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || dashed(name) != s.name {
			continue
		}
		switch {
		case hasValue:
			return argRange{arg: i, from: len(a) - len(val), to: len(a)}, val == s.value
		case i+1 < len(args) && args[i+1] == s.value:
			return argRange{arg: i + 1, from: 0, to: len(s.value)}, true
		default:
			return argRange{arg: i, from: 0, to: len(a)}, true
		}
	}
	return argRange{}, false
}

// pieces are the comma-separated parts of a --feature-gates value, as
// MapStringBool splits it (empty parts skipped).
func pieces(v string) []argRange {
	var out []argRange
	start := 0
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == ',' {
			if i > start {
				out = append(out, argRange{from: start, to: i})
			}
			start = i + 1
		}
	}
	return out
}

// parsedArg finds the argument a parse of args stopped at or first found
// something in: the shortest prefix of args for which found holds (it
// must hold for every longer prefix too), or -1.
func parsedArg(n int, found func(k int) bool) int {
	k := sort.Search(n+1, found)
	if k == 0 || k > n {
		return -1
	}
	return k - 1
}

// failedArg is the argument a failed flag parse stopped at: the last one
// it read (for "--max-pods abc" the value).
func failedArg(e era, args []string, err error) int {
	msg := err.Error()
	if strings.HasPrefix(msg, "flag needs an argument") {
		// Only the last argument can lack its value.
		return len(args) - 1
	}
	return parsedArg(len(args), func(k int) bool {
		_, perr := parseArgsOnly(e, args[:k])
		return perr != nil && perr.Error() == msg
	})
}

// positionalArg is the index of the first argument that is not a flag
// (or a flag's value).
func positionalArg(e era, args []string) int {
	return parsedArg(len(args), func(k int) bool {
		rest, _ := parseArgsOnly(e, args[:k])
		return len(rest) > 0
	})
}

// parseArgsOnly parses args on a fresh flag set for the positional
// arguments and the error, nothing else.
func parseArgsOnly(e era, args []string) ([]string, error) {
	var out bytes.Buffer
	fs := newFlagSet(e, &flagValues{}, &out, args)
	err := fs.Parse(args)
	return fs.Args(), err
}

// argSpan locates the argument find returns, when the command line is
// text (finding it parses again, so only then).
func (r *run) argSpan(find func() int) Span {
	if r.words == nil {
		return Span{}
	}
	return r.words.arg(find())
}

// flagOrigin is a configuration field set by a flag: at its value.
func (r *run) flagOrigin(name string) origin {
	return origin{source: "flag", at: r.rangeSpan(r.places.values[name])}
}

// flagGateOrigin is a gate set by --feature-gates: at its key.
func (r *run) flagGateOrigin(gate string) origin {
	return origin{source: "flag", at: r.rangeSpan(r.places.gates[gate])}
}

func (r *run) rangeSpan(a argRange) Span {
	if r.words == nil || a.to == 0 {
		return Span{}
	}
	return r.words.span(a.arg, a.from, a.to)
}
