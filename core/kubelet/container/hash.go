package container

import (
	"encoding/json"
	"hash/fnv"
	"strconv"

	v1 "github.com/kubexplorer/kubexplorer/core/kubelet/v1"
)

// HashContainer hashes the parts of a container spec whose change makes
// the kubelet restart it ("definition changed"): FNV-32a of the spec's
// JSON without its resources, in hexadecimal.
func HashContainer(c *v1.Container) string {
	cp := *c
	cp.Resources = nil
	b, _ := json.Marshal(cp)
	h := fnv.New32a()
	h.Write(b)
	return strconv.FormatUint(uint64(h.Sum32()), 16)
}

// Hasher computes HashContainer's values with what it keeps between calls:
// the runtime manager hashes every container of a pod on every sync, and
// json.Marshal with a fresh copy and hash each time was a good part of a
// long run's garbage and time. A Hasher is not safe for concurrent use.
type Hasher struct {
	spec v1.Container // the copy without resources, reused
	sum  fnvWriter
	enc  *json.Encoder
	// texts holds the text of the hashes seen (a node has a few container
	// specs, hashed over and over), up to a bound.
	texts map[uint32]string
	// known holds the hash of each container hashed, by address, up to a
	// bound: the kubelet never changes a container spec in place (a pod
	// whose spec changed arrives as a new copy, with containers of its
	// own), and a key keeps its container alive, so its address is not
	// reused while the entry is here.
	known map[*v1.Container]string
}

// knownBound is how many containers a Hasher remembers: more than a
// node's containers, so a node's syncs find theirs.
const knownBound = 4096

// Hash returns HashContainer(c). The caller must not change c afterwards
// (see Hasher.known).
func (x *Hasher) Hash(c *v1.Container) string {
	if t, ok := x.known[c]; ok {
		return t
	}
	if x.known == nil || len(x.known) >= knownBound {
		x.known = map[*v1.Container]string{}
	}
	t := x.hash(c)
	x.known[c] = t
	return t
}

// hash computes HashContainer(c).
func (x *Hasher) hash(c *v1.Container) string {
	if x.enc == nil {
		x.enc = json.NewEncoder(&x.sum)
	}
	x.spec = *c
	x.spec.Resources = nil
	x.sum.reset()
	// Encode writes the JSON of Marshal and a newline in one Write; the
	// writer leaves the newline out of the hash.
	_ = x.enc.Encode(&x.spec)
	x.spec = v1.Container{} // keep no reference to c's slices
	if t, ok := x.texts[x.sum.h]; ok {
		return t
	}
	if x.texts == nil || len(x.texts) >= 256 {
		x.texts = map[uint32]string{}
	}
	t := strconv.FormatUint(uint64(x.sum.h), 16)
	x.texts[x.sum.h] = t
	return t
}

// fnvWriter is FNV-32a over what is written to it, less the newline that
// ends json.Encoder's output.
type fnvWriter struct{ h uint32 }

const (
	fnvOffset32 = 2166136261
	fnvPrime32  = 16777619
)

func (w *fnvWriter) reset() { w.h = fnvOffset32 }

func (w *fnvWriter) Write(p []byte) (int, error) {
	n := len(p)
	if n > 0 && p[n-1] == '\n' {
		p = p[:n-1]
	}
	for _, b := range p {
		w.h ^= uint32(b)
		w.h *= fnvPrime32
	}
	return n, nil
}
