package kubeletstart

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A set holds what was added, as a list and past smallNameSet as a map.
func TestNameSet(t *testing.T) {
	for _, n := range []int{0, 1, smallNameSet, smallNameSet + 1, 3 * smallNameSet} {
		var s nameSet
		for i := 0; i < n; i++ {
			s.add(fmt.Sprint("gate", i))
			s.add(fmt.Sprint("gate", i/2))
		}
		for i := 0; i < n; i++ {
			assert.True(t, s.has(fmt.Sprint("gate", i)), "%d of %d", i, n)
		}
		assert.False(t, s.has(fmt.Sprint("gate", n)), n)
		assert.False(t, s.has(""), n)
		assert.Equal(t, n > smallNameSet, s.m != nil, n)
		assert.LessOrEqual(t, len(s.list), smallNameSet, n)
	}
}
