-- An issue's cover image with its text alternative (issue 37 item 5): issues.cover (migration 0052) names the R2 file
-- under journals/{id}/issues/; cover_alt is what staff write for people who cannot see it ('' : the pages say
-- "Cover of VOL. x, ISSUE y (year)" and the title).
ALTER TABLE issues ADD COLUMN cover_alt TEXT NOT NULL DEFAULT '';
