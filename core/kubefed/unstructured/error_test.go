package unstructured

import "testing"

func TestErrorPosition(t *testing.T) {
	e := &Error{Line: 3, Msg: "mapping values are not allowed in this context"}
	if l, c := e.Position(); l != 3 || c != 0 {
		t.Errorf("position %d:%d", l, c)
	}
	if e.Detail() != e.Msg || e.Error() != "line 3: "+e.Msg {
		t.Errorf("%q / %q", e.Detail(), e.Error())
	}
}
