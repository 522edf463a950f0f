package cliflag

import (
	"fmt"
	"sort"
	"strings"
)

// ColonSeparatedMultimapStringString models the flag value the control
// plane's --feature-gates uses from 1.31 on (component-base's compatibility
// registry): "comp:Gate=true,Gate=false" fills component → pieces. The
// first Set on a command line clears the map; later ones append. With
// AllowDefaultEmptyKey a piece without a colon goes under the key "".
type ColonSeparatedMultimapStringString struct {
	Multimap             *map[string][]string
	AllowDefaultEmptyKey bool
	initialized          bool
}

// NewColonSeparatedMultimapStringStringAllowDefaultEmptyKey returns the
// value the control plane registers for --feature-gates.
func NewColonSeparatedMultimapStringStringAllowDefaultEmptyKey(m *map[string][]string) *ColonSeparatedMultimapStringString {
	return &ColonSeparatedMultimapStringString{Multimap: m, AllowDefaultEmptyKey: true}
}

// Set adds the comma-separated pairs of value.
func (m *ColonSeparatedMultimapStringString) Set(value string) error {
	if m.Multimap == nil {
		return fmt.Errorf("no target (nil pointer to map[string][]string)")
	}
	if !m.initialized || *m.Multimap == nil {
		*m.Multimap = map[string][]string{}
		m.initialized = true
	}
	for _, piece := range strings.Split(value, ",") {
		if piece == "" {
			continue
		}
		key, val, found := strings.Cut(piece, ":")
		if !found {
			if !m.AllowDefaultEmptyKey {
				return fmt.Errorf("malformed pair, expect string:string")
			}
			key, val = "", key
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		(*m.Multimap)[key] = append((*m.Multimap)[key], val)
	}
	return nil
}

// String prints "k:v" pairs, keys sorted, values in the order given.
func (m *ColonSeparatedMultimapStringString) String() string {
	if m == nil || m.Multimap == nil {
		return ""
	}
	keys := make([]string, 0, len(*m.Multimap))
	for k := range *m.Multimap {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var pairs []string
	for _, k := range keys {
		for _, v := range (*m.Multimap)[k] {
			pairs = append(pairs, k+":"+v)
		}
	}
	return strings.Join(pairs, ",")
}

// Type is pflag's type name.
func (m *ColonSeparatedMultimapStringString) Type() string {
	return "colonSeparatedMultimapStringString"
}

// Empty reports an empty map.
func (m *ColonSeparatedMultimapStringString) Empty() bool {
	return m.Multimap == nil || len(*m.Multimap) == 0
}
