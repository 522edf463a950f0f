// Package cliflag models k8s.io/component-base/cli/flag.MapStringBool, the
// flag value the kubelet (and kube-proxy) bind --feature-gates to. Unlike the
// gate's own Set it only fills a map: the first occurrence on a command line
// replaces whatever the map held (defaults are cleared), later occurrences
// merge into it, later keys winning. Its behaviour and error texts are the
// same in every release from 1.18 to 1.37.
package cliflag

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MapStringBool parses "a=true,b=false" into *Map.
type MapStringBool struct {
	Map         *map[string]bool
	initialized bool
}

// NewMapStringBool returns the flag value filling *m.
func NewMapStringBool(m *map[string]bool) *MapStringBool {
	return &MapStringBool{Map: m}
}

// String prints the map as sorted "k=v" pairs joined by commas.
func (m *MapStringBool) String() string {
	if m == nil || m.Map == nil {
		return ""
	}
	pairs := []string{}
	for k, v := range *m.Map {
		pairs = append(pairs, k+"="+strconv.FormatBool(v)) // %s=%t, without fmt
	}
	sort.Strings(pairs)
	return strings.Join(pairs, ",")
}

// Set parses one occurrence. Pieces are split on ","; empty pieces are
// skipped but a piece of only spaces is not empty; each piece splits at its
// first "="; key and value are trimmed; the value must satisfy
// strconv.ParseBool. Pairs before a bad one are already stored.
func (m *MapStringBool) Set(value string) error {
	if m.Map == nil {
		return fmt.Errorf("no target (nil pointer to map[string]bool)")
	}
	if !m.initialized || *m.Map == nil {
		*m.Map = make(map[string]bool)
		m.initialized = true
	}
	for _, s := range strings.Split(value, ",") {
		if len(s) == 0 {
			continue
		}
		arr := strings.SplitN(s, "=", 2)
		if len(arr) != 2 {
			return fmt.Errorf("malformed pair, expect string=bool")
		}
		k := strings.TrimSpace(arr[0])
		v := strings.TrimSpace(arr[1])
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("invalid value of %s: %s, err: %w", k, v, err)
		}
		(*m.Map)[k] = b
	}
	return nil
}

// Type implements pflag.Value.
func (*MapStringBool) Type() string { return "mapStringBool" }

// Empty reports an empty map.
func (m *MapStringBool) Empty() bool { return len(*m.Map) == 0 }
