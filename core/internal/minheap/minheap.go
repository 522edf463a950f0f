// Package minheap is a binary min-heap kept in a slice, for element types
// that order themselves (a Less method on the pointer). Unlike
// container/heap it neither boxes elements in interfaces nor calls
// through an interface, and the elements sit in the slice itself, so
// sifting compares them without following pointers.
package minheap

// Ordered is the constraint on a heap's elements: *T has Less.
type Ordered[T any] interface {
	*T
	Less(*T) bool
}

// Push adds e to the heap *h.
func Push[S ~[]T, T any, P Ordered[T]](h *S, e T) {
	*h = append(*h, e)
	q := *h
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if !P(&q[i]).Less(&q[up]) {
			break
		}
		q[i], q[up] = q[up], q[i]
		i = up
	}
}

// Pop removes the least element of the heap *h, which must not be
// empty, and returns it.
func Pop[S ~[]T, T any, P Ordered[T]](h *S) T {
	q := *h
	top := q[0]
	n := len(q) - 1
	q[0] = q[n]
	var zero T
	q[n] = zero // hold on to nothing
	q = q[:n]
	for i := 0; ; {
		least, l, r := i, 2*i+1, 2*i+2
		if l < n && P(&q[l]).Less(&q[least]) {
			least = l
		}
		if r < n && P(&q[r]).Less(&q[least]) {
			least = r
		}
		if least == i {
			break
		}
		q[i], q[least] = q[least], q[i]
		i = least
	}
	*h = q
	return top
}
