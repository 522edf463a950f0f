package kubeletstart

import (
	"sort"
	"strconv"
	"strings"
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
	var b strings.Builder
	field := func(s string) {
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	file := func(f *File) {
		if f == nil {
			b.WriteByte('-')
			return
		}
		b.WriteByte('+')
		field(f.Path)
		field(f.Content)
	}
	field(in.Release)
	opaque := map[string]bool{}
	if _, minor, err := NormalizeRelease(in.Release); err == nil {
		if e, err := eraFor(minor); err == nil {
			opaque = opaqueFlags(e)
		}
	}
	if in.Args == nil {
		b.WriteByte('c')
		field(in.CommandLine)
	} else {
		b.WriteString("a[")
		for i := 0; i < len(in.Args); i++ {
			a := in.Args[i]
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if strings.HasPrefix(a, "--") && opaque[strings.ReplaceAll(name, "_", "-")] {
				field("--" + strings.ReplaceAll(name, "_", "-") + "=")
				if !hasValue && i+1 < len(in.Args) {
					i++ // the value is the next argument
				}
				continue
			}
			field(a)
		}
		b.WriteByte(']')
	}
	file(in.Config)
	field(in.ConfigDir)
	b.WriteString(strconv.Itoa(len(in.DropIns)) + "[")
	for i := range in.DropIns {
		file(&in.DropIns[i])
	}
	if in.Args == nil {
		keys := make([]string, 0, len(in.Env))
		for k := range in.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString(strconv.Itoa(len(keys)) + "{")
		for _, k := range keys {
			field(k)
			field(in.Env[k])
		}
	} else if _, ok := in.Env[dropinDirEnv]; ok {
		b.WriteString("E")
	}
	file(in.DynamicCheckpoint)
	return b.String()
}

// dropinDirEnv is the variable 1.28–1.29 require for --config-dir.
const dropinDirEnv = "KUBELET_CONFIG_DROPIN_DIR_ALPHA"

// opaqueFlags are the era's plain string flags whose values start-up
// never reads: newFlagSet binds them to nothing (a name defined twice
// takes its first definition in the era, as there).
func opaqueFlags(e era) map[string]bool {
	out, seen := map[string]bool{}, map[string]bool{}
	for _, d := range kubeletFlags {
		if !d.in(e) || seen[d.name] {
			continue
		}
		seen[d.name] = true
		if d.kind == kString && !d.config && !alwaysRegistered[d.name] && d.shorthand == "" {
			out[d.name] = true
		}
	}
	return out
}
