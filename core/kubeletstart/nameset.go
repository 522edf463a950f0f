package kubeletstart

import "slices"

// nameSet is a set of names that is usually a handful (the gates the
// inputs name, the flags a command line mentions) but is asked about
// every gate or flag of a release. Up to smallNameSet names it is a list,
// whose comparisons are a length check each for most names; beyond, a
// map. In the browser every map lookup is a call into the runtime's map
// code, and a first evaluation's few hundred lookups in small maps had V8
// optimize that code on a background thread while the evaluation ran
// (issue 15).
type nameSet struct {
	list []string
	m    map[string]bool
}

const smallNameSet = 16

func (s *nameSet) add(name string) {
	switch {
	case s.m != nil:
		s.m[name] = true
	case slices.Contains(s.list, name):
	case len(s.list) < smallNameSet:
		s.list = append(s.list, name)
	default:
		s.m = make(map[string]bool, 2*smallNameSet)
		for _, n := range s.list {
			s.m[n] = true
		}
		s.m[name] = true
		s.list = nil
	}
}

func (s *nameSet) has(name string) bool {
	if s.m != nil {
		return s.m[name]
	}
	return slices.Contains(s.list, name)
}
