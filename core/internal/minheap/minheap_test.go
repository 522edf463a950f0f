package minheap

import (
	"slices"
	"testing"
)

type item struct{ key, seq int }

func (a *item) Less(b *item) bool { return a.key < b.key || (a.key == b.key && a.seq < b.seq) }

// Pops come out in order, whatever the order of the pushes, and pushes
// between pops join in their place.
func TestOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []int
	}{
		{"empty", nil},
		{"one", []int{4}},
		{"sorted", []int{1, 2, 3, 4, 5, 6, 7}},
		{"reversed", []int{7, 6, 5, 4, 3, 2, 1}},
		{"ties", []int{3, 1, 3, 1, 2, 3, 1}},
		{"scattered", []int{50, 3, 99, 17, 42, 8, 64, 23, 1, 77, 35, 12, 90, 5}},
	} {
		var h []item
		for i, k := range tc.keys {
			Push(&h, item{k, i})
		}
		var got []item
		for len(h) > 0 {
			got = append(got, Pop(&h))
		}
		want := make([]item, len(tc.keys))
		for i, k := range tc.keys {
			want[i] = item{k, i}
		}
		slices.SortFunc(want, func(a, b item) int {
			if a.Less(&b) {
				return -1
			}
			return 1
		})
		if len(want) == 0 {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: popped %v, want %v", tc.name, got, want)
		}
	}
	// Interleaved: a pushed key below the rest comes out next.
	var h []item
	for i, k := range []int{5, 9, 7} {
		Push(&h, item{k, i})
	}
	if got := Pop(&h); got.key != 5 {
		t.Fatalf("first pop %v", got)
	}
	Push(&h, item{1, 3})
	Push(&h, item{8, 4})
	var keys []int
	for len(h) > 0 {
		keys = append(keys, Pop(&h).key)
	}
	if !slices.Equal(keys, []int{1, 7, 8, 9}) {
		t.Errorf("after interleaving %v, want [1 7 8 9]", keys)
	}
}
