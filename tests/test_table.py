import pytest

from depcheck.compiled import compile_table
from depcheck.errors import TableError, UnknownTable
from depcheck.table import Table, TableStore

T = {"id": "t", "columns": ["product", "weight", "waterproof", "color"],
     "rows": [["Product 1", "2.5 lbs", "yes", "grey"], ["Product 2", "3 lbs", "no", "black"]]}


def test_compiles_typed_columns():
    c = compile_table(Table.from_dict(T))
    kinds = {col.name: col.kind for col in c.columns}
    assert kinds == {"product": "text", "weight": "number", "waterproof": "bool", "color": "text"}
    assert c.columns[1].num.tolist() == [2.5, 3.0] and c.columns[1].unit == "lb"
    assert c.columns[2].bools.tolist() == [1, 0]
    assert c.find_cells("grey") == ((3, 0),)


@pytest.mark.parametrize("bad,message", [
    ({"columns": ["a"], "rows": []}, "no rows"),
    ({"columns": ["a", "b"], "rows": [["1"]]}, "row 0 has 1 cells"),
    ({"columns": ["a", "A"], "rows": [["1", "2"]]}, "duplicate column"),
    ({"columns": "a", "rows": [["1"]]}, "columns must be a list"),
])
def test_bad_tables_are_one_line_errors(bad, message):
    with pytest.raises(TableError, match=message):
        Table.from_dict(bad)


def test_headers_repaired_when_asked():
    t = Table.from_dict({"columns": ["name", "eatType", "eatType", " "],
                         "rows": [["Aromi", "coffee shop", "restaurant", "x"]]},
                        repair_headers=True)
    assert t.columns == ("name", "eatType", "eatType (2)", "unnamed: 3")
    c = compile_table(t)
    assert c.find_cells("restaurant") == ((2, 0),)


def test_csv_and_files(tmp_path):
    t = Table.from_csv("product,price\nA,$10\nB,$12\n", table_id="p")
    assert t.n_rows == 2 and t.columns == ("product", "price")
    bad = tmp_path / "latin1.csv"
    bad.write_bytes("name\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(TableError, match="not UTF-8"):
        Table.from_file(bad)


def test_store_unknown_id(tmp_path):
    path = tmp_path / "tables.jsonl"
    path.write_text('{"id": "a", "columns": ["x"], "rows": [["1"]]}\n')
    store = TableStore.from_jsonl(path)
    assert "a" in store
    with pytest.raises(UnknownTable, match="'b'"):
        store.get("b")


def test_a_name_column_is_the_key_even_when_its_names_read_as_numbers():
    band = Table.from_dict({
        "id": "band-5", "caption": "Musical artist", "columns": ["name", "Origin", "Genres"],
        "rows": [["4ward", "Leeds, England", "Pop"]]})
    compiled = compile_table(band)
    assert compiled.key_column.name == "name"
    assert compiled.row_name(0) == "4ward"


def test_a_length_written_as_a_clock_is_minutes():
    from depcheck.compiled import clock_minutes
    assert clock_minutes("55 : 07").value == pytest.approx(55 + 7 / 60)
    assert clock_minutes("1:01:08").value == pytest.approx(61 + 8 / 60)
    assert clock_minutes("55 minutes") is None
    assert clock_minutes("10:75") is None  # no clock has 75 seconds
