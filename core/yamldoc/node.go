package yamldoc

// Kind is the kind of a Node.
type Kind uint8

// The kinds of nodes.
const (
	ScalarNode Kind = iota + 1
	MappingNode
	SequenceNode
	AliasNode
)

// Node is one node of a parsed document.
type Node struct {
	Kind         Kind
	Line, Column int // 1-based
	// Tag is the node's resolved tag: !!null, !!bool, !!int, !!float,
	// !!str or !!timestamp for scalars (YAML 1.1 rules), !!map and !!seq
	// for collections, or the explicit tag the document gives.
	Tag string
	// Text is a scalar as written (quotes and escapes removed); for an
	// alias, the anchor's name.
	Text string
	// Plain is true for a scalar written without quotes or block style.
	Plain bool
	// Value is a scalar's value as Kubernetes decodes it: nil, bool, int,
	// uint64, float64 or string (timestamps stay strings).
	Value any
	// Content holds a sequence's items, or a mapping's keys and values in
	// pairs, in the order yaml.v2 assigns them: the entries of a merge key
	// (<<) replace it where it stands, and a key may appear more than once
	// (the last assignment wins; strict decoding rejects the repeats).
	Content []*Node
	// Alias is the node an alias refers to.
	Alias *Node

	// written is a mapping's content as written, merge keys in place,
	// when merges changed it.
	written []*Node

	stat stat
}

// stat is what a node costs once aliases are expanded, computed once per
// node so that aliases are never walked.
type stat struct {
	decodes int // yaml.v2's decode operations for the node
	weight  int // nodes plus text bytes, expanded
	height  int // nesting levels below the node, expanded
	dups    []dup
}

// dup is a repeated mapping key, in yaml.v2's report order.
type dup struct {
	line int // of the repeated key's value, as yaml.v2 reports it
	key  any
}

// Deref follows an alias to its node.
func (n *Node) Deref() *Node {
	if n != nil && n.Kind == AliasNode {
		return n.Alias
	}
	return n
}

// Written is a mapping's keys and values as the document writes them: a
// merge key (<<) and its value stand as they are. Content is what they
// amount to.
func (n *Node) Written() []*Node {
	if n.written != nil {
		return n.written
	}
	return n.Content
}

// Get returns the value of key in a mapping (the last assignment), or nil.
func (n *Node) Get(key string) *Node {
	n = n.Deref()
	if n == nil || n.Kind != MappingNode {
		return nil
	}
	var v *Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Deref(); k.Kind == ScalarNode && KeyString(k) == key {
			v = n.Content[i+1]
		}
	}
	return v
}

// KeyString is the JSON object key a scalar key becomes.
func KeyString(k *Node) string {
	if s, ok := k.Value.(string); ok {
		return s
	}
	s, _ := jsonKey(k.Value)
	return s
}
