package explorer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKubeletExamplesAllParseAndRun(t *testing.T) {
	list, err := KubeletExamples()
	require.NoError(t, err)
	require.NotEmpty(t, list.Examples)
	assert.Equal(t, "crashloop", list.Examples[0].Name)
	for _, ex := range list.Examples {
		r, err := RunKubelet(KubeletRunRequest{Example: ex.Name})
		require.NoError(t, err, ex.Name)
		assert.NotEmpty(t, r.Transcript.Snapshots, ex.Name)
		assert.NotEmpty(t, r.Text, ex.Name)
	}
}

func TestKubeletSession(t *testing.T) {
	e := New()
	r := call(t, e, "kubelet.load", `{"example":"crashloop"}`)
	require.True(t, r.OK, "%v", r.Error)
	var st KubeletStateReply
	require.NoError(t, json.Unmarshal(r.Result, &st))
	assert.Equal(t, 0.0, st.Time)
	require.Len(t, st.Pods, 1)
	assert.Equal(t, "web", st.Pods[0].Name)

	// Advance 20 virtual seconds: only changes since the cursor come back.
	cur, _ := json.Marshal(st.Cursor)
	r = call(t, e, "kubelet.advance", `{"session":"`+st.Session+`","by":20,"cursor":`+string(cur)+`}`)
	require.True(t, r.OK, "%v", r.Error)
	var st2 KubeletStateReply
	require.NoError(t, json.Unmarshal(r.Result, &st2))
	assert.Equal(t, 20.0, st2.Time)
	assert.NotEmpty(t, st2.Events)
	assert.NotEmpty(t, st2.Loop)
	reasons := []string{}
	for _, ev := range st2.Events {
		reasons = append(reasons, ev.Reason)
	}
	assert.Contains(t, reasons, "BackOff")
	require.Len(t, st2.Pods, 1)
	c := st2.Pods[0].Containers[0]
	assert.Equal(t, int32(2), c.RestartCount)

	// A live delete reaches the kubelet; a bad action is a bad request.
	cur, _ = json.Marshal(st2.Cursor)
	r = call(t, e, "kubelet.apply", `{"session":"`+st.Session+`","action":"delete: {name: web}","cursor":`+string(cur)+`}`)
	require.True(t, r.OK, "%v", r.Error)
	r = call(t, e, "kubelet.apply", `{"session":"`+st.Session+`","action":"explode: {}"}`)
	require.False(t, r.OK)
	assert.Contains(t, r.Error.Message, "unknown field")
	r = call(t, e, "kubelet.advance", `{"session":"`+st.Session+`","by":-1}`)
	require.False(t, r.OK)
	r = call(t, e, "kubelet.advance", `{"session":"`+st.Session+`","by":60}`)
	require.True(t, r.OK)
	var st3 KubeletStateReply
	require.NoError(t, json.Unmarshal(r.Result, &st3))
	assert.Empty(t, st3.Pods, "the deleted pod is gone")
}

func TestKubeletBadScenarioHasLine(t *testing.T) {
	_, err := RunKubelet(KubeletRunRequest{Scenario: "release: \"1.30\"\npods:\n- metadata: {name: a}\n  spec:\n    containers: [{name: c, image: x, bogus: 1}]\n"})
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "line 5"), err.Error())
	_, err = RunKubelet(KubeletRunRequest{Scenario: "release: \"1.99\"\n"})
	require.Error(t, err)
	_, err = RunKubelet(KubeletRunRequest{Example: "nope"})
	require.Error(t, err)
}
