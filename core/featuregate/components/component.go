package components

import "strings"

// Component is a Kubernetes binary.
type Component string

// The binaries the data covers, in the order they are listed.
const (
	Kubelet           Component = "kubelet"
	APIServer         Component = "kube-apiserver"
	ControllerManager Component = "kube-controller-manager"
	Scheduler         Component = "kube-scheduler"
	Proxy             Component = "kube-proxy"
	Kubectl           Component = "kubectl"
)

// All lists every component in display order.
var All = []Component{Kubelet, APIServer, ControllerManager, Scheduler, Proxy, Kubectl}

// codes are the one-letter codes of the data files, in the order of All.
const codes = "kacspt"

// Set is a set of components.
type Set uint8

// Has reports whether c is in the set.
func (s Set) Has(c Component) bool {
	for i, x := range All {
		if x == c {
			return s&(1<<i) != 0
		}
	}
	return false
}

// With returns the set plus c.
func (s Set) With(c Component) Set {
	for i, x := range All {
		if x == c {
			return s | 1<<i
		}
	}
	return s
}

// List returns the components in display order.
func (s Set) List() []Component {
	out := []Component{}
	for i, c := range All {
		if s&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// String joins the component names with ", ", or says "none".
func (s Set) String() string {
	l := s.List()
	if len(l) == 0 {
		return "none"
	}
	parts := make([]string, len(l))
	for i, c := range l {
		parts[i] = string(c)
	}
	return strings.Join(parts, ", ")
}

// code is the set in the data files' notation: its letters in order, or
// "." for the empty set.
func (s Set) code() string {
	var b strings.Builder
	for i := range All {
		if s&(1<<i) != 0 {
			b.WriteByte(codes[i])
		}
	}
	if b.Len() == 0 {
		return "."
	}
	return b.String()
}

// parseCode is the inverse of code.
func parseCode(s string) (Set, bool) {
	if s == "." {
		return 0, true
	}
	if s == "" {
		return 0, false
	}
	var set Set
	last := -1
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(codes, s[i])
		if j < 0 || j <= last {
			return 0, false
		}
		set |= 1 << j
		last = j
	}
	return set, true
}
