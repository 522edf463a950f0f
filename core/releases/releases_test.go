package releases

import (
	"strconv"
	"testing"
)

func TestRange(t *testing.T) {
	all := All()
	if len(all) != NewestMinor-OldestMinor+1 || all[0] != Oldest || all[len(all)-1] != Newest {
		t.Fatalf("All() = %v, want %s … %s", all, Oldest, Newest)
	}
	if Oldest != "1."+strconv.Itoa(OldestMinor) || Newest != "1."+strconv.Itoa(NewestMinor) {
		t.Fatalf("the names and the minor numbers disagree: %s/%d, %s/%d", Oldest, OldestMinor, Newest, NewestMinor)
	}
}

func TestMinor(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr string
	}{
		{in: "1.30", want: 30},
		{in: "v1.30.2", want: 30},
		{in: Oldest, want: OldestMinor},
		{in: Newest, want: NewestMinor},
		{in: "1.17", wantErr: `release "1.17" is not modelled (have 1.18 … 1.37)`},
		{in: "1.99", wantErr: `release "1.99" is not modelled (have 1.18 … 1.37)`},
		{in: "2.1", wantErr: `release "2.1": want 1.N`},
		{in: "1.x", wantErr: `release "1.x": want 1.N`},
		{in: "", wantErr: `release "": want 1.N`},
	}
	for _, tt := range tests {
		got, err := Minor(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("Minor(%q) error = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Minor(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}
