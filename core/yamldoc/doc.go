// Package yamldoc is the one YAML reader of every document a user gives
// the explorer: kubelet configuration files and drop-ins, kubelet
// scenarios and the pods in them, kubefed scenarios, FederatedTypeConfigs
// and federated resources.
//
// It reads YAML the way Kubernetes' own tools do. kubectl, the API server
// and the kubelet convert YAML to JSON with sigs.k8s.io/yaml, which
// decodes with yaml.v2: YAML 1.1 scalars (yes and off are booleans, 0777
// is octal), merge keys, the first document of a stream, and yaml.v2's
// texts for syntax errors, duplicate keys ("key \"x\" already set in map")
// and alias bombs ("document contains excessive aliasing"). This package
// parses with go.yaml.in/yaml/v3, which keeps positions, and applies those
// rules itself, so that one library serves both: Kubernetes' semantics and
// the line and column of every node.
//
// A parsed document is a tree of Nodes whose scalars carry their YAML 1.1
// value. From it callers take the JSON Kubernetes would see (ToJSON), decode
// into Go structs strictly with positioned errors (Decode), or look up the
// position of a field path (Index).
//
// Every input is bounded (Limits): its size, its nesting depth, how far
// aliases may expand it and how many documents a stream may hold. Work is
// linear in the input up to those bounds; nothing here keeps state between
// calls or builds tables at start-up.
package yamldoc

// Limits bound the work a document may cause.
type Limits struct {
	// MaxBytes is the largest input accepted.
	MaxBytes int
	// MaxDepth is the deepest nesting of mappings and sequences, counted
	// after aliases are expanded.
	MaxDepth int
	// MaxExpanded bounds the document once aliases are expanded: every
	// node counts one, plus the length of its text. Without aliases a
	// document stays below its own size.
	MaxExpanded int
	// MaxDocuments is the most documents a stream may hold.
	MaxDocuments int
}

// DefaultLimits are the bounds of every input of the explorer; see
// docs/limits.md. 3 MiB is the API server's own bound on a request body.
var DefaultLimits = Limits{
	MaxBytes:     3 << 20,
	MaxDepth:     100,
	MaxExpanded:  16 << 20,
	MaxDocuments: 1000,
}
