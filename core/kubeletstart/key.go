package kubeletstart

import (
	"sort"
	"strconv"
	"strings"
	"sync"
)

// EquivalenceKey returns a key such that two inputs with the same key
// evaluate to the same Result, Args aside. It lets a caller that evaluates
// many similar inputs (a fleet of nodes) evaluate each class once.
//
// The key is the input written out exactly, except for what the model
// never reads:
//   - the values of the plain string flags that are not KubeletConfiguration
//     flags (--node-ip, --hostname-override, --kubeconfig, …): the model
//     parses them (so a flag the release lacks still fails) but keeps only
//     the values of the flags start-up reads (--config, --config-dir,
//     --dynamic-config-dir, --v and the configuration flags);
//   - with Args set, the environment beyond the variables start-up reads
//     (KUBELET_CONFIG_DROPIN_DIR_ALPHA, by presence).
//
// An input the model cannot evaluate (an unknown release) gets its exact
// encoding: the error is the same for equal inputs. key_test.go checks the
// claim over every transcript input, with those parts changed.
func EquivalenceKey(in Input) string {
	k := &keyWriter{}
	// One allocation for the key: it is about as long as the input.
	size := 64 + len(in.Release) + len(in.CommandLine) + len(in.ConfigDir)
	for _, a := range in.Args {
		size += 8 + len(a)
	}
	for _, f := range []*File{in.Config, in.DynamicCheckpoint} {
		if f != nil {
			size += 16 + len(f.Path) + len(f.Content)
		}
	}
	for _, f := range in.DropIns {
		size += 16 + len(f.Path) + len(f.Content)
	}
	for n, v := range in.Env {
		size += 16 + len(n) + len(v)
	}
	k.b.Grow(size)
	k.field(in.Release)
	opaque := map[string]bool{}
	if _, minor, err := NormalizeRelease(in.Release); err == nil {
		if e, err := eraFor(minor); err == nil {
			opaque = opaqueFlags(e)
		}
	}
	if in.Args == nil {
		k.b.WriteByte('c')
		k.field(in.CommandLine)
	} else {
		k.args(in.Args, opaque)
	}
	k.file(in.Config)
	k.field(in.ConfigDir)
	k.b.WriteString(strconv.Itoa(len(in.DropIns)) + "[")
	for i := range in.DropIns {
		k.file(&in.DropIns[i])
	}
	if in.Args == nil {
		k.env(in.Env)
	} else if _, ok := in.Env[dropinDirEnv]; ok {
		k.b.WriteString("E")
	}
	k.file(in.DynamicCheckpoint)
	return k.b.String()
}

// keyWriter writes an equivalence key: every string length-prefixed, so
// no two inputs run together.
type keyWriter struct{ b strings.Builder }

func (k *keyWriter) field(s string) {
	k.b.WriteString(strconv.Itoa(len(s)))
	k.b.WriteByte(':')
	k.b.WriteString(s)
}

func (k *keyWriter) file(f *File) {
	if f == nil {
		k.b.WriteByte('-')
		return
	}
	k.b.WriteByte('+')
	k.field(f.Path)
	k.field(f.Content)
}

// args writes an argument list with the values of opaque flags left out.
func (k *keyWriter) args(args []string, opaque map[string]bool) {
	k.b.WriteString("a[")
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "--") && opaque[dashed(name)] {
			k.field("--" + dashed(name) + "=")
			if !hasValue && i+1 < len(args) {
				i++ // the value is the next argument
			}
			continue
		}
		k.field(a)
	}
	k.b.WriteByte(']')
}

// env writes the whole environment, in key order.
func (k *keyWriter) env(env map[string]string) {
	keys := make([]string, 0, len(env))
	for name := range env {
		keys = append(keys, name)
	}
	sort.Strings(keys)
	k.b.WriteString(strconv.Itoa(len(keys)) + "{")
	for _, name := range keys {
		k.field(name)
		k.field(env[name])
	}
}

// dropinDirEnv is the variable 1.28–1.29 require for --config-dir.
const dropinDirEnv = "KUBELET_CONFIG_DROPIN_DIR_ALPHA"

// opaqueFlags are the era's plain string flags whose values start-up
// never reads: newFlagSet binds them to nothing (a name defined twice
// takes its first definition in the era, as there).
func opaqueFlags(e era) map[string]bool {
	opaqueMemo.Lock()
	defer opaqueMemo.Unlock()
	if out, ok := opaqueMemo.byMinor[e.minor]; ok {
		return out
	}
	out := opaqueFlagsOf(e)
	if opaqueMemo.byMinor == nil {
		opaqueMemo.byMinor = map[int]map[string]bool{}
	}
	opaqueMemo.byMinor[e.minor] = out
	return out
}

// opaqueMemo keeps opaqueFlags per minor release: a fleet check asks for
// it once per node, and the set depends on the release only. Callers only
// read the maps.
var opaqueMemo struct {
	sync.Mutex
	byMinor map[int]map[string]bool
}

func opaqueFlagsOf(e era) map[string]bool {
	out, seen := map[string]bool{}, map[string]bool{}
	for _, d := range kubeletFlags {
		if !d.in(e) || seen[d.name] {
			continue
		}
		seen[d.name] = true
		if d.kind == kString && !d.config && !alwaysRegistered(d.name) && d.shorthand == "" {
			out[d.name] = true
		}
	}
	return out
}
