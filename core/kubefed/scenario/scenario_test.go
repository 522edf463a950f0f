package scenario_test

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario/scenariotest"
)

// TestTranscripts runs the scenario format's own transcripts (parsing,
// releases); each controller's transcripts are beside it. Rewrite with:
// go test ./core/kubefed/scenario -rewrite
func TestTranscripts(t *testing.T) { scenariotest.Walk(t, "testdata") }
