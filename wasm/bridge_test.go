//go:build js && wasm

package wasm

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// await waits for a JavaScript promise and returns its resolved value.
func await(t *testing.T, p safejs.Value) safejs.Value {
	t.Helper()
	done := make(chan safejs.Value, 1)
	then, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		done <- args[0]
		return nil
	})
	require.NoError(t, err)
	defer then.Release()
	_, err = p.Call("then", then)
	require.NoError(t, err)
	select {
	case v := <-done:
		return v
	case <-time.After(10 * time.Second):
		t.Fatal("promise did not resolve")
		return safejs.Value{}
	}
}

func jsCall(t *testing.T, api safejs.Value, args ...any) explorer.Reply {
	t.Helper()
	p, err := api.Call("call", args...)
	require.NoError(t, err)
	s, err := await(t, p).String()
	require.NoError(t, err)
	var r explorer.Reply
	require.NoError(t, json.Unmarshal([]byte(s), &r), s)
	return r
}

func newAPI(t *testing.T) (*bridge, safejs.Value) {
	t.Helper()
	b := newBridge()
	api, err := b.exports()
	require.NoError(t, err)
	return b, api
}

func TestRoundTrip(t *testing.T) {
	_, api := newAPI(t)
	r := jsCall(t, api, "echo", `{"value":"<script>x</script>"}`)
	require.True(t, r.OK, "%+v", r.Error)
	assert.JSONEq(t, `{"value":"<script>x</script>"}`, string(r.Result))
}

func TestVersionIsSynchronous(t *testing.T) {
	_, api := newAPI(t)
	v, err := api.Call("version")
	require.NoError(t, err)
	s, err := v.String()
	require.NoError(t, err)
	var r explorer.Reply
	require.NoError(t, json.Unmarshal([]byte(s), &r))
	require.True(t, r.OK)
	var vr explorer.VersionReply
	require.NoError(t, json.Unmarshal(r.Result, &vr))
	assert.Equal(t, "js/wasm", vr.Platform)
}

func TestPanicsBecomeErrorsAndTheEngineLives(t *testing.T) {
	_, api := newAPI(t)
	for _, method := range []string{"debug.panic", "debug.bridgePanic"} {
		r := jsCall(t, api, method, `{}`)
		require.False(t, r.OK, method)
		assert.Equal(t, explorer.CodeInternal, r.Error.Code, method)
		assert.Contains(t, r.Error.Message, "deliberate panic", method)
		r = jsCall(t, api, "echo", `{"value":2}`)
		assert.True(t, r.OK, "the call after %s must work", method)
	}
}

func TestBadArgumentsAreErrorsNotCrashes(t *testing.T) {
	_, api := newAPI(t)
	cases := map[string][]any{
		"no arguments":      {},
		"method not string": {42, `{}`},
		"request object":    {"echo", map[string]any{"value": 1}},
	}
	for name, args := range cases {
		r := jsCall(t, api, args...)
		require.False(t, r.OK, name)
		assert.Equal(t, explorer.CodeBadRequest, r.Error.Code, name)
	}
	r := jsCall(t, api, "echo", nil)
	assert.True(t, r.OK, "a null request is an empty request")
}

func TestExitUsesTheExitHook(t *testing.T) {
	b, api := newAPI(t)
	exited := -1
	b.exit = func(code int) { exited = code }
	r := jsCall(t, api, "debug.exit", `{}`)
	assert.False(t, r.OK)
	assert.Equal(t, 3, exited)
}

// Calls made before any is answered are each answered with their own
// reply, past the room of the queue too.
func TestManyCallsAtOnce(t *testing.T) {
	_, api := newAPI(t)
	var promises []safejs.Value
	for i := range 100 {
		p, err := api.Call("call", "echo", fmt.Sprintf(`{"value":"%d"}`, i))
		require.NoError(t, err)
		promises = append(promises, p)
	}
	for i, p := range promises {
		s, err := await(t, p).String()
		require.NoError(t, err)
		var r explorer.Reply
		require.NoError(t, json.Unmarshal([]byte(s), &r), s)
		require.True(t, r.OK, s)
		assert.JSONEq(t, fmt.Sprintf(`{"value":"%d"}`, i), string(r.Result))
	}
}
