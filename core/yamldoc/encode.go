package yamldoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	yaml "go.yaml.in/yaml/v3"
)

// Marshal renders v as YAML byte for byte the way sigs.k8s.io/yaml's
// Marshal does (what kubectl and kubefedctl print): v goes through
// encoding/json, then out as yaml.v2 writes JSON-shaped data: keys in
// yaml.v2's natural order, two-space indentation, lists not indented under
// their key, strings quoted only where YAML 1.1 would read them otherwise.
func Marshal(v any) ([]byte, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("error marshaling into JSON: %w", err)
	}
	d, err := Parse(js)
	if err != nil {
		return nil, err
	}
	if d.Root == nil {
		return []byte("null\n"), nil
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	enc.CompactSeqIndent()
	if err := enc.Encode(yamlNode(d.Root)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// yamlNode builds the yaml.v3 node yaml.v2 would emit for a JSON value.
func yamlNode(n *Node) *yaml.Node {
	n = n.Deref()
	switch n.Kind {
	case MappingNode:
		out := &yaml.Node{Kind: yaml.MappingNode}
		if len(n.Content) == 0 {
			out.Style = yaml.FlowStyle
		}
		type pair struct {
			key string
			v   *Node
		}
		pairs := make([]pair, 0, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			pairs = append(pairs, pair{KeyString(n.Content[i].Deref()), n.Content[i+1]})
		}
		sort.Slice(pairs, func(i, j int) bool { return naturalLess(pairs[i].key, pairs[j].key) })
		for _, p := range pairs {
			out.Content = append(out.Content, stringNode(p.key), yamlNode(p.v))
		}
		return out
	case SequenceNode:
		out := &yaml.Node{Kind: yaml.SequenceNode}
		if len(n.Content) == 0 {
			out.Style = yaml.FlowStyle
		}
		for _, c := range n.Content {
			out.Content = append(out.Content, yamlNode(c))
		}
		return out
	}
	switch v := n.Value.(type) {
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: "null"}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatBool(v)}
	case int:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.Itoa(v)}
	case uint64:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatUint(v, 10)}
	case float64:
		s := strconv.FormatFloat(v, 'g', -1, 64)
		switch {
		case math.IsInf(v, 1):
			s = ".inf"
		case math.IsInf(v, -1):
			s = "-.inf"
		case math.IsNaN(v):
			s = ".nan"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Value: s}
	case string:
		return stringNode(v)
	}
	return stringNode(n.Text)
}

// stringNode is a string scalar in the style yaml.v2 picks: a literal
// block when it holds a line break, double quotes when YAML 1.1 would read
// it as something else, plain otherwise (the emitter still falls back to
// single quotes where plain is impossible).
func stringNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: s}
	tag, _ := resolvePlain(s)
	switch {
	case strings.Contains(s, "\n"):
		n.Style = yaml.LiteralStyle
	case tag != tagStr || isBase60Float(s):
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// isBase60Float: [-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?, which
// YAML 1.1 parsers read as a number and yaml.v2 therefore quotes.
func isBase60Float(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i >= len(s) || s[i] < '0' || s[i] > '9' {
		return false
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	groups := 0
	for i < len(s) && s[i] == ':' {
		i++
		j := i
		for i < len(s) && i-j < 2 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		switch i - j {
		case 1:
		case 2:
			if s[j] > '5' {
				return false
			}
		default:
			return false
		}
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
			i++
		}
	}
	return i == len(s)
}

// naturalLess is yaml.v2's order of string keys: letters before other
// characters, runs of digits compared as numbers.
func naturalLess(a, b string) bool {
	ar, br := []rune(a), []rune(b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		al, bl := unicode.IsLetter(ar[i]), unicode.IsLetter(br[i])
		if al && bl {
			return ar[i] < br[i]
		}
		if al || bl {
			return bl
		}
		var an, bn int64
		if ar[i] == '0' || br[i] == '0' {
			for j := i - 1; j >= 0 && unicode.IsDigit(ar[j]); j-- {
				if ar[j] != '0' {
					an, bn = 1, 1
					break
				}
			}
		}
		ai, bi := i, i
		for ; ai < len(ar) && unicode.IsDigit(ar[ai]); ai++ {
			an = an*10 + int64(ar[ai]-'0')
		}
		for ; bi < len(br) && unicode.IsDigit(br[bi]); bi++ {
			bn = bn*10 + int64(br[bi]-'0')
		}
		if an != bn {
			return an < bn
		}
		if ai != bi {
			return ai < bi
		}
		return ar[i] < br[i]
	}
	return len(ar) < len(br)
}
