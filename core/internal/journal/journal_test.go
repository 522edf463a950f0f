package journal

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJournal(t *testing.T) {
	var j Journal[int]
	assert.Nil(t, j.All())
	assert.Equal(t, 0, j.Len())
	const n = 3*chunkSize + 7
	for i := range n {
		j.Append(i)
	}
	assert.Equal(t, n, j.Len())
	all := j.All()
	assert.Len(t, all, n)
	for i, v := range all {
		if v != i {
			t.Fatalf("entry %d is %d", i, v)
		}
	}
	for _, from := range []int{-1, 0, 1, chunkSize - 1, chunkSize, chunkSize + 1, 2 * chunkSize, n - 1} {
		got := j.Since(from)
		want := all[max(from, 0):]
		assert.Equal(t, want, got, "from %d", from)
	}
	assert.Nil(t, j.Since(n))
	assert.Nil(t, j.Since(n+5))
	// A copy handed out does not see later entries, nor change the journal.
	got := j.Since(n - 1)
	got[0] = -1
	j.Append(n)
	assert.Equal(t, []int{n - 1, n}, j.Since(n-1))
}
