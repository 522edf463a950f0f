// Package journal is an append-only log kept in fixed-size chunks.
//
// The simulations keep long logs (a kubelet with a thousand pods makes
// tens of thousands of CRI calls in ten virtual minutes). A slice that
// doubles when full copies every entry again at each doubling and leaves
// the old arrays to the garbage collector, which in WebAssembly runs on
// the same thread as the simulation. Here an entry, once written, never
// moves.
package journal

// chunkSize is the number of entries per chunk.
const chunkSize = 512

// Journal is an append-only log. The zero value is empty and ready.
type Journal[T any] struct {
	chunks [][]T
	n      int
}

// Append adds e at the end.
func (j *Journal[T]) Append(e T) {
	if j.n%chunkSize == 0 {
		j.chunks = append(j.chunks, make([]T, 0, chunkSize))
	}
	last := &j.chunks[len(j.chunks)-1]
	*last = append(*last, e)
	j.n++
}

// Len is the number of entries.
func (j *Journal[T]) Len() int { return j.n }

// Since returns a copy of the entries from index i on, nil when there are
// none.
func (j *Journal[T]) Since(i int) []T {
	i = max(i, 0)
	if i >= j.n {
		return nil
	}
	out := make([]T, 0, j.n-i)
	for c := i / chunkSize; c < len(j.chunks); c++ {
		ch := j.chunks[c]
		if c == i/chunkSize {
			ch = ch[i%chunkSize:]
		}
		out = append(out, ch...)
	}
	return out
}

// All returns a copy of every entry, nil when there are none.
func (j *Journal[T]) All() []T { return j.Since(0) }
