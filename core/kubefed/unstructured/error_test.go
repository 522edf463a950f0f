package unstructured

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestErrorPosition(t *testing.T) {
	e := &Error{Line: 3, Column: 5, Msg: "mapping values are not allowed in this context"}
	line, column := e.Position()
	require.Equal(t, [2]int{3, 0}, [2]int{line, column}, "kubefed errors hand over their line only")
	require.Equal(t, e.Msg, e.Detail())
	require.Equal(t, "line 3: "+e.Msg, e.Error())
	require.Equal(t, "no line", (&Error{Msg: "no line"}).Error())
}
